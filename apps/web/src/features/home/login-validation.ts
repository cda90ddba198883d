// Loaded on demand by useLoginForm: zod and the shared schema stay out of the first load of `/`.
export { loginSchema } from '@canal/shared';
