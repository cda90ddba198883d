export * from './fields';
export * from './complaint';
export * from './account';
export * from './detail';
export * from './payloads';
export { WHEN_OBJECT, addIssue, addIssuesFrom } from './refine';
export * from './staff';
export * from './alert-rules';
