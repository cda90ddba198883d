import { createHash } from 'node:crypto';
import { constants, gzipSync } from 'node:zlib';
import {
  ORGANIZATIONS,
  filterRelationOptions,
  placesForZone,
  KNOWLEDGE_SOURCES,
  type Organization,
  type Zona,
  type CategoriaDelitos,
  type OpcionSimple,
} from '@canal/shared';
import type { Db } from '../../db/database';
import { masterDataRepository as repo } from './repository';

/** A JSON answer computed once, with its ETag and its gzip encoding (lists compress 3:1). */
export interface CachedAnswer {
  body: string;
  gzip: Buffer;
  etag: string;
}

interface OrganizationCatalogue {
  zones: Zona[];
  categories: CategoriaDelitos[];
  relations: OpcionSimple[];
  recognitions: OpcionSimple[];
  answers: {
    zonas: CachedAnswer;
    lugares: CachedAnswer;
    delitos: CachedAnswer;
    relaciones: CachedAnswer;
    reconoce: CachedAnswer;
    agenciasByZone: Map<number, CachedAnswer>;
  };
  /** type id → category of that type */
  typeToCategory: Map<number, CategoriaDelitos>;
}

const cache = (value: unknown): CachedAnswer => {
  const body = JSON.stringify(value);
  return {
    body,
    gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
};

/**
 * Master data held in memory, per organisation: the API answers reads from here (with ETags) and
 * validates complaint ids against it. Reloaded from the database on start and after any edit.
 */
export class MasterDataCatalogue {
  private byOrg = new Map<string, OrganizationCatalogue>();

  static async load(db: Db): Promise<MasterDataCatalogue> {
    const catalogue = new MasterDataCatalogue();
    await catalogue.reload(db);
    return catalogue;
  }

  async reload(db: Db): Promise<void> {
    const { zones, agencies, categories, types, options } = await repo.readAll(db);
    const next = new Map<string, OrganizationCatalogue>();
    for (const org of ORGANIZATIONS) {
      const orgZones: Zona[] = zones
        .filter((z) => z.organization_id === org.id)
        .map((z) => ({
          id: z.id,
          nombre: z.nombre,
          agencias: agencies
            .filter((a) => a.organization_id === org.id && a.zone_id === z.id)
            .map((a) => ({ id: a.id, nombre: a.nombre })),
        }));
      const orgCategories: CategoriaDelitos[] = categories
        .filter((c) => c.organization_id === org.id)
        .map((c) => ({
          categoria: { id: c.id, nombre: c.nombre },
          delito_tipos: types
            .filter((t) => t.organization_id === org.id && t.category_id === c.id)
            .map((t) => ({
              id: t.id,
              nombre: t.nombre,
              descripcion: t.descripcion,
              grupo: t.grupo,
            })),
        }));
      const list = (name: string) =>
        options
          .filter((o) => o.organization_id === org.id && o.list === name)
          .map((o) => ({ id: o.id, descripcion: o.descripcion }));
      const relations = filterRelationOptions(org, list('relacion'));
      const recognitions = list('reconoce');
      const typeToCategory = new Map<number, CategoriaDelitos>();
      for (const c of orgCategories) for (const t of c.delito_tipos) typeToCategory.set(t.id, c);
      next.set(org.id, {
        zones: orgZones,
        categories: orgCategories,
        relations,
        recognitions,
        typeToCategory,
        answers: {
          zonas: cache(orgZones),
          lugares: cache(
            orgZones.map((z) => ({ id: z.id, nombre: z.nombre, lugares: placesForZone(z) })),
          ),
          delitos: cache(orgCategories),
          relaciones: cache(relations),
          reconoce: cache(recognitions),
          agenciasByZone: new Map(orgZones.map((z) => [z.id, cache(z.agencias)])),
        },
      });
    }
    this.byOrg = next;
  }

  private of(org: Organization): OrganizationCatalogue {
    const found = this.byOrg.get(org.id);
    if (!found) throw new Error(`Sin datos maestros para ${org.key}`);
    return found;
  }

  answers(org: Organization) {
    return this.of(org).answers;
  }

  zone(org: Organization, zoneId: number): Zona | undefined {
    return this.of(org).zones.find((z) => z.id === zoneId);
  }

  category(org: Organization, typeId: number): CategoriaDelitos | undefined {
    return this.of(org).typeToCategory.get(typeId);
  }

  /** The organisation's complaint categories (id and name), in their order. */
  categories(org: Organization): { id: number; nombre: string }[] {
    return this.of(org).categories.map((c) => c.categoria);
  }

  typeName(org: Organization, typeId: number): string | undefined {
    return this.category(org, typeId)?.delito_tipos.find((t) => t.id === typeId)?.nombre;
  }

  relation(org: Organization, id: number): OpcionSimple | undefined {
    return this.of(org).relations.find((o) => o.id === id);
  }

  recognition(org: Organization, id: number): OpcionSimple | undefined {
    return this.of(org).recognitions.find((o) => o.id === id);
  }

  knowledge(id: number): OpcionSimple | undefined {
    return KNOWLEDGE_SOURCES.find((k) => k.id === id);
  }
}
