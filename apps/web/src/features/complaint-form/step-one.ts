// Step 1 of the new-complaint wizard, one chunk loaded when it comes near (NewComplaintWizard).
export { ComplaintDataStep } from './ComplaintDataStep';
export { SaveComplaintDialog } from './SaveComplaintDialog';
