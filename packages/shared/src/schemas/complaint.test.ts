import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES as M } from '../messages';
import type { ComplaintForm } from '../model';
import { complaintFormSchema } from './complaint';
import { issuesOf, messagesAt } from './test-helpers';

const validIdentified = {
  anonymous: false,
  canIdentify: 1,
  complainantContactNumber: '912345678',
  complainantFirstName: 'María José',
  complainantLastName: 'González',
  complainantMiddleName: 'Pérez',
  complainantRut: '11.111.111-1',
  crimeId: 5,
  description: 'Descripción detallada de los hechos ocurridos.',
  knowledgeSource: 3,
  occurrenceDate: '15/03/2024',
  occurrencePlace: 12,
  occurrenceZone: 13,
  otherPlace: '',
  relationshipWithOrganization: 2,
};

const validAnonymous = {
  anonymous: true,
  canIdentify: 2,
  crimeId: 5,
  description: 'Descripción detallada de los hechos ocurridos.',
  knowledgeSource: 7,
  occurrenceDate: '01/01/2023',
  occurrencePlace: -1,
  occurrenceZone: 1,
  otherPlace: 'Estacionamiento',
  relationshipWithOrganization: 2,
};

describe('complaintFormSchema', () => {
  it('accepts an identified complaint and formats the RUT', () => {
    const parsed = complaintFormSchema.parse(validIdentified);
    expect(parsed.complainantRut).toBe('11111111-1');
    expect(parsed.description).toBe(validIdentified.description);
  });

  it('accepts an anonymous complaint without complainant data', () => {
    expect(issuesOf(complaintFormSchema, validAnonymous)).toEqual([]);
    expect(complaintFormSchema.parse({ ...validIdentified, anonymous: undefined })).toMatchObject({
      anonymous: false,
    });
  });

  it('produces a ComplaintForm', () => {
    const form: ComplaintForm = complaintFormSchema.parse(validIdentified);
    const typed: z.output<typeof complaintFormSchema> extends ComplaintForm ? true : false = true;
    expect(typed).toBe(true);
    expect(form.crimeId).toBe(5);
  });

  it.each([
    'canIdentify',
    'knowledgeSource',
    'occurrencePlace',
    'occurrenceZone',
    'relationshipWithOrganization',
    'occurrenceDate',
    'crimeId',
  ])('requires %s with the select message, whatever the empty value', (field) => {
    for (const empty of [undefined, null, '', Number.NaN]) {
      expect(
        messagesAt(complaintFormSchema, { ...validIdentified, [field]: empty }, field),
      ).toEqual([M.selectRequired]);
    }
  });

  it('shows every field error at once, each on its own field', () => {
    expect(
      issuesOf(complaintFormSchema, {
        anonymous: false,
        canIdentify: Number.NaN,
        description: 'corto',
        occurrencePlace: -1,
        complainantContactNumber: '12a',
        complainantRut: '12.345.678-9',
      }),
    ).toEqual([
      `canIdentify: ${M.selectRequired}`,
      `crimeId: ${M.selectRequired}`,
      `description: ${M.descriptionMin}`,
      `knowledgeSource: ${M.selectRequired}`,
      `occurrenceDate: ${M.selectRequired}`,
      `occurrenceZone: ${M.selectRequired}`,
      `relationshipWithOrganization: ${M.selectRequired}`,
      `complainantRut: ${M.rut}`,
      `complainantFirstName: ${M.empty}`,
      `complainantLastName: ${M.empty}`,
      `complainantContactNumber: ${M.phoneDigits}`,
      `complainantContactNumber: ${M.phoneLength}`,
      `otherPlace: ${M.empty}`,
    ]);
  });

  it('requires the complainant fields only when not anonymous; the maternal surname is optional', () => {
    const bare = { ...validAnonymous, anonymous: false };
    expect(issuesOf(complaintFormSchema, bare)).toEqual([
      `complainantRut: ${M.empty}`,
      `complainantFirstName: ${M.empty}`,
      `complainantLastName: ${M.empty}`,
      `complainantContactNumber: ${M.empty}`,
    ]);
    expect(
      issuesOf(complaintFormSchema, { ...validIdentified, complainantMiddleName: undefined }),
    ).toEqual([]);
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validIdentified, complainantMiddleName: 'a'.repeat(101) },
        'complainantMiddleName',
      ),
    ).toEqual([M.nameMax]);
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validIdentified, complainantContactNumber: '12345678' },
        'complainantContactNumber',
      ),
    ).toEqual([M.phoneLength]);
  });

  it.each([26, 27, 28])('refuses anonymity for type %i, on the anonymous field', (crimeId) => {
    expect(issuesOf(complaintFormSchema, { ...validAnonymous, crimeId })).toEqual([
      `anonymous: ${M.anonymityNotAllowed}`,
    ]);
    expect(issuesOf(complaintFormSchema, { ...validIdentified, crimeId })).toEqual([]);
  });

  it('allows anonymity for other types', () => {
    expect(issuesOf(complaintFormSchema, { ...validAnonymous, crimeId: 25 })).toEqual([]);
    expect(issuesOf(complaintFormSchema, { ...validAnonymous, crimeId: 29 })).toEqual([]);
  });

  it('requires otherPlace only when the place is "Otro" (-1)', () => {
    expect(issuesOf(complaintFormSchema, { ...validAnonymous, otherPlace: '  ' })).toEqual([
      `otherPlace: ${M.empty}`,
    ]);
    expect(issuesOf(complaintFormSchema, { ...validAnonymous, otherPlace: undefined })).toEqual([
      `otherPlace: ${M.empty}`,
    ]);
    expect(issuesOf(complaintFormSchema, { ...validIdentified, otherPlace: undefined })).toEqual(
      [],
    );
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validAnonymous, otherPlace: 'a'.repeat(201) },
        'otherPlace',
      ),
    ).toContain(M.otherPlaceMax);
  });

  it('checks the occurrence date range', () => {
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validIdentified, occurrenceDate: '31/12/2022' },
        'occurrenceDate',
      ),
    ).toEqual([M.dateOutOfRange]);
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validIdentified, occurrenceDate: '29/02/2023' },
        'occurrenceDate',
      ),
    ).toEqual([M.dateInvalid]);
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validIdentified, occurrenceDate: '29/02/2024' },
        'occurrenceDate',
      ),
    ).toEqual([]);
  });

  it('gives the description messages', () => {
    expect(
      messagesAt(complaintFormSchema, { ...validIdentified, description: '' }, 'description'),
    ).toEqual([M.empty]);
    expect(
      messagesAt(
        complaintFormSchema,
        { ...validIdentified, description: 'a'.repeat(3501) },
        'description',
      ),
    ).toEqual([M.descriptionMax]);
  });
});

describe('complaintFormSchema: the accused and the representation (types 26–28, decision 0021)', () => {
  const karin = { ...validIdentified, crimeId: 27 };

  it('accepts them empty: every one is optional', () => {
    expect(issuesOf(complaintFormSchema, karin)).toEqual([]);
    expect(
      issuesOf(complaintFormSchema, {
        ...karin,
        accusedName: '',
        accusedPosition: '',
        accusedIsManager: false,
        onBehalfOfAnother: false,
        representationBasis: '',
      }),
    ).toEqual([]);
  });

  it('checks their lengths and asks the basis of a representation', () => {
    expect(
      issuesOf(complaintFormSchema, {
        ...karin,
        accusedName: 'x'.repeat(201),
        accusedPosition: 'x'.repeat(201),
        onBehalfOfAnother: true,
        representationBasis: '  ',
      }),
    ).toEqual([
      `accusedName: ${M.accusedNameMax}`,
      `accusedPosition: ${M.accusedPositionMax}`,
      `representationBasis: ${M.representationBasisRequired}`,
    ]);
    expect(
      messagesAt(
        complaintFormSchema,
        { ...karin, onBehalfOfAnother: true, representationBasis: 'x'.repeat(1001) },
        'representationBasis',
      ),
    ).toEqual([M.representationBasisMax]);
  });

  it('does not check them for another type (the mapper leaves them out)', () => {
    expect(
      issuesOf(complaintFormSchema, {
        ...validIdentified,
        accusedName: 'x'.repeat(201),
        onBehalfOfAnother: true,
      }),
    ).toEqual([]);
  });
});
