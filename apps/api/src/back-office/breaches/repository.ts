import type { Db, SqlParam } from '../../db/database';
import { scope } from '../cases/repository';
import { worksOnEveryOrganization, type StaffUser } from '../staff/roles';

export interface BreachRow {
  id: number;
  detected_on: string;
  description: string;
  data_kinds: string[];
  risk: string;
  risk_assessment: string;
  measures: string | null;
  agency_notified_on: string | null;
  subjects_notified_on: string | null;
  created_at: Date;
  created_by_name: string | null;
  organizations: string[];
  /** The cases it reached, by number, with when their complainant was told. */
  cases: { numero: string; avisado: string | null }[];
}

export interface BreachFields {
  detectedOn: string;
  description: string;
  dataKinds: string[];
  risk: string;
  riskAssessment: string;
  measures: string | null;
  agencyNotifiedOn: string | null;
  subjectsNotifiedOn: string | null;
}

export interface CaseRef {
  id: number;
  case_number: string;
  organization_id: string;
}

const day = (column: string) => `to_char(b.${column}, 'YYYY-MM-DD')`;

const COLUMNS = `b.id, ${day('detected_on')} AS detected_on, b.description, b.data_kinds, b.risk,
  b.risk_assessment, b.measures, ${day('agency_notified_on')} AS agency_notified_on,
  ${day('subjects_notified_on')} AS subjects_notified_on, b.created_at, u.name AS created_by_name,
  ARRAY(SELECT o.organization_id::text FROM breach_organizations o
         WHERE o.breach_id = b.id ORDER BY o.organization_id) AS organizations,
  COALESCE((SELECT json_agg(json_build_object(
                     'numero', c.case_number,
                     'avisado', to_char(bc.notified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                   ORDER BY c.case_number)
              FROM breach_cases bc JOIN complaints c ON c.id = bc.complaint_id
             WHERE bc.breach_id = b.id), '[]'::json) AS cases`;

/**
 * The breaches a person may read and change: those whose every organisation is one they work on
 * (an administrator who names none: all), as SQL over `breaches b` and its parameters.
 */
function breachScope(user: StaffUser, params: SqlParam[]): string {
  if (worksOnEveryOrganization(user)) return 'true';
  return `NOT EXISTS (SELECT 1 FROM breach_organizations o
                       WHERE o.breach_id = b.id
                         AND o.organization_id <> ALL($${params.push(user.organizationIds)}::uuid[]))`;
}

/** The register of security incidents (migration 025): SQL only. */
export const breachesRepository = {
  async list(db: Db, user: StaffUser): Promise<BreachRow[]> {
    const params: SqlParam[] = [];
    return db.query<BreachRow>(
      `SELECT ${COLUMNS} FROM breaches b LEFT JOIN staff_users u ON u.id = b.created_by
        WHERE ${breachScope(user, params)}
        ORDER BY b.detected_on DESC, b.id DESC`,
      params,
    );
  },

  async find(
    db: Db,
    user: StaffUser,
    id: number,
    { lock = false } = {},
  ): Promise<BreachRow | null> {
    const params: SqlParam[] = [id];
    const [row] = await db.query<BreachRow>(
      `SELECT ${COLUMNS} FROM breaches b LEFT JOIN staff_users u ON u.id = b.created_by
        WHERE b.id = $1 AND ${breachScope(user, params)}
        ${lock ? 'FOR UPDATE OF b' : ''}`,
      params,
    );
    return row ?? null;
  },

  /** The cases numbered `numbers` that the person may see (`scope`); the others are left out. */
  async casesInScope(db: Db, user: StaffUser, numbers: string[]): Promise<CaseRef[]> {
    if (numbers.length === 0) return [];
    const { sql, params } = scope(user);
    return db.query<CaseRef>(
      `SELECT c.id, c.case_number, c.organization_id::text AS organization_id FROM complaints c
        WHERE c.case_number = ANY($${params.push(numbers)}::text[]) AND ${sql}`,
      params,
    );
  },

  async insert(tx: Db, f: BreachFields, actorId: number): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO breaches (detected_on, description, data_kinds, risk, risk_assessment, measures,
                             agency_notified_on, subjects_notified_on, created_by)
       VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $8, $9) RETURNING id`,
      [...fieldValues(f), actorId],
    );
    return row!.id;
  },

  async update(tx: Db, id: number, f: BreachFields): Promise<void> {
    await tx.query(
      `UPDATE breaches SET detected_on = $2, description = $3, data_kinds = $4::text[], risk = $5,
              risk_assessment = $6, measures = $7, agency_notified_on = $8, subjects_notified_on = $9
        WHERE id = $1`,
      [id, ...fieldValues(f)],
    );
  },

  /** Its organisations and cases become these; a case kept keeps when its complainant was told. */
  async setReach(tx: Db, id: number, organizationIds: string[], complaintIds: number[]) {
    await tx.query('DELETE FROM breach_organizations WHERE breach_id = $1', [id]);
    await tx.query(
      `INSERT INTO breach_organizations (breach_id, organization_id)
       SELECT $1, unnest($2::uuid[])`,
      [id, organizationIds],
    );
    await tx.query(
      'DELETE FROM breach_cases WHERE breach_id = $1 AND complaint_id <> ALL($2::bigint[])',
      [id, complaintIds],
    );
    await tx.query(
      `INSERT INTO breach_cases (breach_id, complaint_id)
       SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
      [id, complaintIds],
    );
  },

  /** The cases of the breach whose complainant has not been told yet. */
  async casesToNotify(tx: Db, id: number): Promise<number[]> {
    const rows = await tx.query<{ complaint_id: number }>(
      `SELECT complaint_id FROM breach_cases
        WHERE breach_id = $1 AND notified_at IS NULL ORDER BY complaint_id`,
      [id],
    );
    return rows.map((r) => Number(r.complaint_id));
  },

  async markNotified(tx: Db, id: number, complaintIds: number[], day: string): Promise<void> {
    await tx.query(
      `UPDATE breach_cases SET notified_at = now()
        WHERE breach_id = $1 AND complaint_id = ANY($2::bigint[])`,
      [id, complaintIds],
    );
    await tx.query(
      'UPDATE breaches SET subjects_notified_on = COALESCE(subjects_notified_on, $2) WHERE id = $1',
      [id, day],
    );
  },
};

const fieldValues = (f: BreachFields): SqlParam[] => [
  f.detectedOn,
  f.description,
  f.dataKinds,
  f.risk,
  f.riskAssessment,
  f.measures,
  f.agencyNotifiedOn,
  f.subjectsNotifiedOn,
];
