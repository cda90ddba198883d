// The texts the complainant must be told (issue 22, decision 0070): each organisation's templates,
// read where a milestone is recorded or a reply written, edited by administrators.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeTemplateKind } from '@canal/shared';
import { contract, type NoticeTemplateWire } from '@canal/shared/contract';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

export const toNoticeTemplate = (wire: NoticeTemplateWire) => ({
  organizationId: wire.organizacion,
  kind: wire.clave,
  text: wire.texto,
  /** ISO 8601 instant of the last change; null while the default text applies. */
  updatedAt: wire.actualizado,
});
export type NoticeTemplate = ReturnType<typeof toNoticeTemplate>;

/** The templates of every organisation the person works on. */
export function useNoticeTemplates(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    enabled,
    queryKey: staffKeys.noticeTemplates(),
    queryFn: async () =>
      (await api(contract.listNoticeTemplates, {})).plantillas.map(toNoticeTemplate),
  });
}

/** One organisation's text of one kind, once loaded (undefined until then). */
export function useNoticeTemplate(organizationId: string, kind: NoticeTemplateKind | undefined) {
  const templates = useNoticeTemplates(kind !== undefined);
  return templates.data?.find((t) => t.organizationId === organizationId && t.kind === kind)?.text;
}

export function useSaveNoticeTemplate() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      organizationId: string;
      kind: NoticeTemplateKind;
      text: string;
    }) =>
      toNoticeTemplate(
        await api(contract.updateNoticeTemplate, {
          body: { organizacion: change.organizationId, clave: change.kind, texto: change.text },
        }),
      ),
    onSuccess: (saved) =>
      client.setQueryData(staffKeys.noticeTemplates(), (list: NoticeTemplate[] | undefined) =>
        list?.map((t) =>
          t.organizationId === saved.organizationId && t.kind === saved.kind ? saved : t,
        ),
      ),
  });
}
