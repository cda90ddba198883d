// Detail page form state (SPEC §3 "Detail form state"): the comment; files are kept apart.
import { z } from 'zod';
import { commentSchema } from './fields';

export const detailCommentSchema = z.object({ comment: commentSchema });

export type DetailCommentValues = z.output<typeof detailCommentSchema>;
