export * from './calendar.js';
export * from './rules.js';
export * from './milestones.js';
