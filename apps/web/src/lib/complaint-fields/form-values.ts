import type { ComplaintFormInput } from '@canal/shared';

/** What the form holds before anything is typed: selects empty, not anonymous. */
export function emptyComplaintForm(): ComplaintFormInput {
  return {
    anonymous: false,
    canIdentify: '',
    complainantContactNumber: '',
    complainantFirstName: '',
    complainantLastName: '',
    complainantMiddleName: '',
    complainantRut: '',
    crimeId: '',
    description: '',
    knowledgeSource: '',
    occurrenceDate: '',
    occurrencePlace: '',
    occurrenceZone: '',
    otherPlace: '',
    relationshipWithOrganization: '',
    accusedName: '',
    accusedPosition: '',
    accusedIsManager: false,
    onBehalfOfAnother: false,
    representationBasis: '',
  };
}

/** A select's value as a number, or null when empty. */
export function selectedId(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
