import { describe, expect, it } from 'vitest';
import {
  ANONYMITY_BLOCKED_TYPE_IDS,
  COMPLAINT_STATUSES,
  MAX_BYTES_PER_COMPLAINT,
  MAX_FILE_BYTES,
  STATUS_MISSING_DOCUMENTS,
  isAnonymityBlocked,
  isComplaintStatus,
} from './constants';

describe('constants', () => {
  it('blocks anonymity for types 26, 27, 28 only', () => {
    expect(ANONYMITY_BLOCKED_TYPE_IDS).toEqual([26, 27, 28]);
    expect([25, 26, 27, 28, 29].map(isAnonymityBlocked)).toEqual([false, true, true, true, false]);
  });

  it('has the sizes of DESIGN §4.11', () => {
    expect(MAX_FILE_BYTES).toBe(120 * 1024 * 1024);
    expect(MAX_BYTES_PER_COMPLAINT).toBe(2_147_483_648);
  });

  it('knows the statuses, with "Faltan antecedentes" among them', () => {
    expect(COMPLAINT_STATUSES).toHaveLength(6);
    expect(isComplaintStatus(STATUS_MISSING_DOCUMENTS)).toBe(true);
    expect(isComplaintStatus('Abierta')).toBe(false);
  });
});
