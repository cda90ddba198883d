// The texts the complainant must be told (issue 22): each organisation's administrators edit them
// (decision 0070); a milestone's or a reply's form starts from them and the investigator can still
// change every word before sending. `{numero_caso}` and `{persona_investigadora}` are filled in
// by the form; anything else is sent as written.

/** The kinds of notice, in the order the screen lists them. */
export const NOTICE_TEMPLATE_KINDS = [
  'decision',
  'designacion',
  'conclusiones',
  'medidas',
] as const;
export type NoticeTemplateKind = (typeof NOTICE_TEMPLATE_KINDS)[number];

export const NOTICE_TEMPLATE_MAX_LENGTH = 4000;

/** What each kind is for, as the templates screen and the reply's picker name it. */
export const NOTICE_TEMPLATE_LABELS: Record<NoticeTemplateKind, string> = {
  decision: 'Decisión de investigar internamente o derivar a la Dirección del Trabajo',
  designacion: 'Designación de la persona investigadora',
  conclusiones: 'Conclusiones de la investigación',
  medidas: 'Medidas de resguardo adoptadas',
};

/** The legal milestone whose record starts from each kind (its text is what the complainant reads). */
export const NOTICE_TEMPLATE_MILESTONES: Record<NoticeTemplateKind, string> = {
  decision: 'decision_y_aviso_dt',
  designacion: 'investigador_designado',
  conclusiones: 'investigacion_cerrada',
  medidas: 'medidas_resguardo',
};

/** The texts until an administrator writes the organisation's own (usted, neutral). */
export const DEFAULT_NOTICE_TEMPLATES: Record<NoticeTemplateKind, string> = {
  decision:
    'Le informamos que la organización decidió investigar internamente los hechos de su denuncia ' +
    '{numero_caso}, conforme a la Ley 21.643. La investigación no podrá durar más de 30 días ' +
    'hábiles. Le mantendremos informado/a por este medio.',
  designacion:
    'La investigación de su denuncia {numero_caso} está a cargo de {persona_investigadora}. Si ' +
    'tiene motivos para dudar de su imparcialidad, puede pedir su reemplazo con el botón ' +
    '«Solicitar cambio de investigador/a» de esta página.',
  conclusiones:
    'La investigación de su denuncia {numero_caso} concluyó.\n\nConclusiones:\n- \n\n' +
    'Medidas y sanciones que se adoptarán:\n- \n\nSi no está de acuerdo, puede acudir a la ' +
    'Dirección del Trabajo.',
  medidas:
    'Mientras se investiga su denuncia {numero_caso}, la organización adoptó las siguientes ' +
    'medidas de resguardo:\n- \n\nSi estas medidas no le protegen o algo cambia, escríbanos por ' +
    'este medio.',
};

/** The kind whose text a milestone's record starts from, if any. */
export const noticeKindOfMilestone = (milestone: string): NoticeTemplateKind | undefined =>
  NOTICE_TEMPLATE_KINDS.find((k) => NOTICE_TEMPLATE_MILESTONES[k] === milestone);

/** A template with the case's number and the investigator's name filled in (left as written when unknown). */
export function fillNoticeTemplate(
  text: string,
  values: { caseNumber: string; investigator?: string | null },
): string {
  return text
    .replaceAll('{numero_caso}', values.caseNumber)
    .replaceAll('{persona_investigadora}', values.investigator ?? '{persona_investigadora}');
}
