import { describe, expect, it } from 'vitest';
import {
  ADHERED_COMPANY_COLLABORATOR,
  KNOWLEDGE_SOURCES,
  filterRelationOptions,
  knowledgeSourceLabel,
} from './options';
import { ORGANIZATIONS, organizationByKey } from './organizations';

const relations = [
  { id: 1, descripcion: 'Trabajador' },
  { id: 2, descripcion: ADHERED_COMPANY_COLLABORATOR },
  { id: 3, descripcion: 'Proveedor' },
];

describe('KNOWLEDGE_SOURCES', () => {
  it('lists ids 1 to 7 in Spanish', () => {
    expect(KNOWLEDGE_SOURCES.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(knowledgeSourceLabel(1)).toBe('Lo escuché');
    expect(knowledgeSourceLabel(7)).toBe('Otro');
    expect(knowledgeSourceLabel(8)).toBeUndefined();
  });
});

describe('filterRelationOptions', () => {
  it.each(['head-office', 'cem', 'services', 'otec'] as const)('keeps the option for %s', (key) => {
    expect(filterRelationOptions(organizationByKey(key), relations)).toEqual(relations);
  });

  it('removes it for RCR and every clinic, whatever the spacing or case', () => {
    const others = ORGANIZATIONS.filter((o) => !o.allowsAdheredCompanyCollaborator);
    expect(others).toHaveLength(9);
    for (const org of others) {
      expect(filterRelationOptions(org, relations).map((o) => o.id)).toEqual([1, 3]);
      expect(
        filterRelationOptions(org, [{ id: 9, descripcion: ' colaborador de empresa ADHERIDA ' }]),
      ).toEqual([]);
    }
  });

  it('does not change the given list', () => {
    const copy = [...relations];
    filterRelationOptions(organizationByKey('rcr'), relations);
    expect(relations).toEqual(copy);
  });
});
