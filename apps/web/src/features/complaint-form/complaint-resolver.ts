import { zodResolver } from '@hookform/resolvers/zod';
import { complaintFormSchema } from '@canal/shared';

/**
 * The new-complaint form's validation (SPEC §5, one schema per form). Its own module, loaded by
 * NewComplaintWizard when step 1 comes near: zod and the schemas stay out of step 0's chunks
 * (decision 0026, round 2).
 */
export const complaintResolver = zodResolver(complaintFormSchema);
