import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import { FormAlert } from '../components/FormAlert';
import { TextAreaField } from '../../../components/form/fields';
import { commentResolver, type CommentForm as Values } from '../schemas';

interface CommentFormProps {
  title: string;
  label: string;
  hint: string;
  submitLabel: string;
  successText: string;
  mutation: UseMutationResult<unknown, Error, string>;
}

/** One text and a button: the visible reply and the internal note. */
export function CommentForm({
  title,
  label,
  hint,
  submitLabel,
  successText,
  mutation,
}: CommentFormProps) {
  const headingId = useId();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: commentResolver,
    defaultValues: { comment: '' },
  });
  const submit = form.handleSubmit((v) =>
    mutation.mutate(v.comment.trim(), { onSuccess: () => form.reset() }),
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold text-secondary">
        {title}
      </h3>
      <TextAreaField
        label={label}
        hint={hint}
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
      {mutation.isError && <FormAlert>{errorMessage(mutation.error)}</FormAlert>}
      {mutation.isSuccess && <FormAlert tone="success">{successText}</FormAlert>}
      <Button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
