import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CasePriority } from '@canal/shared';
import { useStaffApi } from './StaffApiProvider';
import type {
  AuditQuery,
  AlertRuleInput,
  InboxFilters,
  MasterActiveInput,
  MasterItemInput,
  MasterOrderInput,
  NewSavedView,
  NewUser,
  Reclassification,
  ReplacementAnswer,
  StatsFilters,
  StatusChange,
  UserChanges,
} from './client';

/** Query keys of the back office, in one place so mutations invalidate the right data. */
export const staffKeys = {
  all: ['gestion'] as const,
  session: () => ['gestion', 'sesion'] as const,
  inbox: (f: InboxFilters) => ['gestion', 'casos', f] as const,
  cases: () => ['gestion', 'casos'] as const,
  case: (id: number) => ['gestion', 'caso', id] as const,
  users: () => ['gestion', 'usuarios'] as const,
  audit: (query: AuditQuery) => ['gestion', 'auditoria', query] as const,
  stats: (f: StatsFilters) => ['gestion', 'estadisticas', f] as const,
  halfYear: (anio: number, semestre: 1 | 2) => ['gestion', 'semestral', anio, semestre] as const,
  categories: (org: string | undefined) => ['gestion', 'categorias', org ?? ''] as const,
  failedMails: () => ['gestion', 'correos-fallidos'] as const,
  alertRules: () => ['gestion', 'reglas-aviso'] as const,
  // Under the rules: a change to a rule reads who receives each organisation again.
  alertCoverage: () => ['gestion', 'reglas-aviso', 'cobertura'] as const,
  masterData: (org: string) => ['gestion', 'datos-maestros', org] as const,
  savedViews: () => ['gestion', 'vistas'] as const,
  // Under the cases: a change to a case reads the open requests again too.
  replacementTasks: () => ['gestion', 'casos', 'solicitudes'] as const,
};

/** Open requests to replace an investigator (administrators and auditors; every five minutes). */
export function useReplacementTasks(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.replacementTasks(),
    queryFn: api.replacementTasks,
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

/** The signed-in person's saved views of the inbox. */
export function useSavedViews() {
  const api = useStaffApi();
  return useQuery({ queryKey: staffKeys.savedViews(), queryFn: api.savedViews });
}

export function useSavedViewActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.savedViews() });
  return {
    save: useMutation({ mutationFn: (v: NewSavedView) => api.saveView(v), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => api.deleteView(id), onSuccess: refresh }),
  };
}

/** Mail the outbox gave up on (administrators only; checked every five minutes). */
export function useFailedMails(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.failedMails(),
    queryFn: api.failedMails,
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

export function useSession() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.session(),
    queryFn: api.session,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
}

export function useInbox(filters: InboxFilters) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.inbox(filters),
    queryFn: () => api.inbox(filters),
    placeholderData: keepPreviousData,
  });
}

export function useCategories(organizationId: string | undefined) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.categories(organizationId),
    queryFn: () => api.categories(organizationId),
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
  });
}

export function useCase(id: number) {
  const api = useStaffApi();
  return useQuery({ queryKey: staffKeys.case(id), queryFn: () => api.caseView(id) });
}

/** A case's retention: its due day, legal hold, block, or the tombstone of an erased case. */
export function useCaseRetention(id: number) {
  const api = useStaffApi();
  return useQuery({
    queryKey: [...staffKeys.case(id), 'conservacion'] as const,
    queryFn: () => api.caseRetention(id),
  });
}

/** Sets or lifts a legal hold or a block: the case (and its retention) are read again. */
export function useRestrictionActions(id: number) {
  const api = useStaffApi();
  return {
    hold: useCaseMutation(id, (reason: string) => api.setRestriction(id, 'conservacion', reason)),
    block: useCaseMutation(id, (reason: string) => api.setRestriction(id, 'bloqueo', reason)),
    lift: useCaseMutation(id, (kind: 'conservacion' | 'bloqueo') => api.liftRestriction(id, kind)),
  };
}

/** A change to a case: on success the case and the inbox are read again. */
function useCaseMutation<V>(id: number, fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.case(id) }),
        client.invalidateQueries({ queryKey: staffKeys.cases() }),
      ]);
    },
  });
}

export function useCaseActions(id: number) {
  const api = useStaffApi();
  return {
    changeStatus: useCaseMutation(id, (v: StatusChange) => api.changeStatus(id, v)),
    reply: useCaseMutation(id, (comentario: string) => api.reply(id, comentario)),
    replyWithFiles: useCaseMutation(id, (v: { comentario: string; files: readonly File[] }) =>
      v.files.length > 0
        ? api.replyWithFiles(id, v.comentario, v.files)
        : api.reply(id, v.comentario),
    ),
    addNote: useCaseMutation(id, (comentario: string) => api.addNote(id, comentario)),
    assign: useCaseMutation(id, (userId: number | null) => api.assign(id, userId)),
    exclude: useCaseMutation(id, (userId: number) => api.exclude(id, userId)),
    include: useCaseMutation(id, (userId: number) => api.include(id, userId)),
    setPriority: useCaseMutation(id, (p: CasePriority | null) => api.setPriority(id, p)),
    setTags: useCaseMutation(id, (tags: string[]) => api.setTags(id, tags)),
    link: useCaseMutation(id, (v: { numero: string; tipo: 'duplicado_de' | 'relacionado' }) =>
      api.linkCase(id, v),
    ),
    unlink: useCaseMutation(id, (linkedId: number) => api.unlinkCase(id, linkedId)),
    reclassify: useCaseMutation(id, (v: Reclassification) => api.reclassify(id, v)),
    answerReplacement: useCaseMutation(id, (v: ReplacementAnswer) => api.answerReplacement(id, v)),
    recordMilestone: useCaseMutation(
      id,
      (v: { clave: string; fecha: string; comentario?: string }) =>
        api.recordMilestone(id, v.clave, {
          fecha: v.fecha,
          ...(v.comentario ? { comentario: v.comentario } : {}),
        }),
    ),
  };
}

export function useUsers(enabled = true) {
  const api = useStaffApi();
  return useQuery({ queryKey: staffKeys.users(), queryFn: api.users, enabled });
}

export function useUserActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  // A person's role, organisations or state change what they see (their own session too) and who
  // receives each organisation's alerts.
  const refresh = () =>
    Promise.all(
      [staffKeys.users(), staffKeys.session(), staffKeys.alertRules(), staffKeys.cases()].map(
        (queryKey) => client.invalidateQueries({ queryKey }),
      ),
    );
  return {
    invite: useMutation({ mutationFn: (v: NewUser) => api.invite(v), onSuccess: refresh }),
    update: useMutation({
      mutationFn: (v: { id: number; changes: UserChanges }) => api.updateUser(v.id, v.changes),
      onSuccess: refresh,
    }),
    reinvite: useMutation({ mutationFn: (id: number) => api.reinvite(id), onSuccess: refresh }),
  };
}

export function useAudit(query: AuditQuery) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.audit(query),
    queryFn: () => api.audit(query),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyChain() {
  const api = useStaffApi();
  const client = useQueryClient();
  // The check is itself audited: the log's first page changes.
  return useMutation({
    mutationFn: api.verifyChain,
    onSuccess: () => client.invalidateQueries({ queryKey: ['gestion', 'auditoria'] }),
  });
}

export function useStatistics(filters: StatsFilters) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.stats(filters),
    queryFn: () => api.statistics(filters),
    placeholderData: keepPreviousData,
  });
}

export function useHalfYear(anio: number, semestre: 1 | 2) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.halfYear(anio, semestre),
    queryFn: () => api.halfYear(anio, semestre),
  });
}

/** The lists an organisation's complaint form offers (public master data), for staff intake. */
export function useIntakeMasterData(organizationId: string) {
  const api = useStaffApi();
  const enabled = organizationId !== '';
  const options = { enabled, staleTime: 10 * 60_000, gcTime: 10 * 60_000 };
  return {
    categories: useQuery({
      queryKey: [...staffKeys.all, 'maestros', organizationId, 'delitos'],
      queryFn: () => api.categories(organizationId),
      ...options,
    }),
    zones: useQuery({
      queryKey: [...staffKeys.all, 'maestros', organizationId, 'zonas'],
      queryFn: () => api.zonesWithPlaces(organizationId),
      ...options,
    }),
    relations: useQuery({
      queryKey: [...staffKeys.all, 'maestros', organizationId, 'relaciones'],
      queryFn: () => api.relationOptions(organizationId),
      ...options,
    }),
    recognitions: useQuery({
      queryKey: [...staffKeys.all, 'maestros', organizationId, 'reconoce'],
      queryFn: () => api.recognitionOptions(organizationId),
      ...options,
    }),
  };
}

/** Records a complaint; on success the inbox is read again. */
export function useRecordComplaint() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.recordComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.cases() }),
  });
}
/**
 * Who receives each organisation's new complaints (administrators; "Avisos" and the inbox's
 * warning read it, again every five minutes).
 */
export function useAlertCoverage(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.alertCoverage(),
    queryFn: api.alertCoverage,
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

/** Routing rules of new-complaint alerts (administrators). */
export function useAlertRules(enabled = true) {
  const api = useStaffApi();
  return useQuery({ queryKey: staffKeys.alertRules(), queryFn: api.alertRules, enabled });
}

export function useAlertRuleActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.alertRules() });
  return {
    save: useMutation({
      mutationFn: (v: { id: number | null; rule: AlertRuleInput }) =>
        v.id === null ? api.createAlertRule(v.rule) : api.updateAlertRule(v.id, v.rule),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.deleteAlertRule(id),
      onSuccess: refresh,
    }),
  };
}

/** One organisation's master data, retired elements included (administrators). */
export function useMasterData(organizationId: string, enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.masterData(organizationId),
    queryFn: () => api.masterData(organizationId),
    enabled: enabled && organizationId !== '',
  });
}

/** Add, change, retire or bring back, reorder: each answers the organisation's new lists. */
export function useMasterDataActions(organizationId: string) {
  const api = useStaffApi();
  const client = useQueryClient();
  const store = (data: Awaited<ReturnType<typeof api.masterData>>) => {
    client.setQueryData(staffKeys.masterData(organizationId), data);
    // The lists appear in other screens: alert rules, the inbox's filters, staff intake's form.
    void client.invalidateQueries({ queryKey: staffKeys.alertRules() });
    void client.invalidateQueries({ queryKey: staffKeys.categories(organizationId) });
    void client.invalidateQueries({ queryKey: [...staffKeys.all, 'maestros', organizationId] });
  };
  return {
    save: useMutation({
      mutationFn: (v: { id: number | null; item: MasterItemInput }) =>
        v.id === null ? api.createMasterItem(v.item) : api.updateMasterItem(v.id, v.item),
      onSuccess: store,
    }),
    setActive: useMutation({
      mutationFn: (v: { id: number; body: MasterActiveInput }) =>
        api.setMasterItemActive(v.id, v.body),
      onSuccess: store,
    }),
    reorder: useMutation({
      mutationFn: (body: MasterOrderInput) => api.reorderMasterList(body),
      onSuccess: store,
    }),
  };
}
