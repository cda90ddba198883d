import type { DataRequester } from '@canal/shared';

/** What the rules read of one case: never the complainant's fields, which no rule may include. */
export interface AccessCase {
  category: string | null;
  type: string | null;
  status: string;
  /** The year it was received: the day could point to the reporter. */
  year: number;
  /** As recorded in a Law 21.643 complaint: the accused's own data. */
  accused: { nombre: string | null; cargo: string | null } | null;
}

export interface AccessAnswer {
  incluye: { titulo: string; contenido: string[] }[];
  retenido: { dato: string; motivo: string }[];
  texto: string;
}

const CONFIDENTIAL =
  'Confidencialidad de la identidad de quien denuncia (Ley 21.643; Directiva UE 2019/1937, art. 16)';

/**
 * The rule set of an access answer for a person other than the complainant (issue 19). It is built
 * from what may be said — categories, purposes, recipients, retention, the person's own recorded
 * data — never by removing things from the case, so nothing that names the complainant or lets
 * them be deduced can slip in: the complainant's identity and contact, the narrative, place and
 * dates of the facts, how they relate to the organisation, the log, the files, witnesses, and the
 * case number and day of receipt (sequential numbers and days point to people).
 */
export const WITHHELD_FOR_OTHERS: { dato: string; motivo: string }[] = [
  {
    dato: 'Identidad y datos de contacto de la persona denunciante (nombre, RUT, correo, teléfono)',
    motivo: CONFIDENTIAL,
  },
  {
    dato: 'Relato de los hechos, lugar y fecha en que ocurrieron',
    motivo: `Permitiría deducir quién denunció. ${CONFIDENTIAL}`,
  },
  {
    dato: 'Relación de quien denuncia con la organización, cómo supo de los hechos y si es anónima',
    motivo: `Permitiría deducir quién denunció. ${CONFIDENTIAL}`,
  },
  {
    dato: 'Identidad de testigos y de otras personas mencionadas',
    motivo: 'Datos de terceros; su comunicación los expondría (Ley 21.719, Ley 21.643)',
  },
  {
    dato: 'Bitácora, comunicaciones y archivos del caso',
    motivo: `Contienen el relato y los mensajes de quien denunció, y metadatos que pueden identificarle. ${CONFIDENTIAL}`,
  },
  {
    dato: 'Número del caso y día de recepción',
    motivo: `La numeración correlativa y el día permitirían relacionar la denuncia con una persona. ${CONFIDENTIAL}`,
  },
];

const PURPOSES = [
  'Recibir, investigar y resolver denuncias conforme a la Ley 21.643 y el Decreto Supremo 21 de 2024, la Ley 20.393 y el código de conducta de la organización.',
  'Adoptar medidas de resguardo y sanciones, y cumplir los deberes de registro e información que imponen esas leyes.',
];
const RECIPIENTS = [
  'La Dirección del Trabajo, los tribunales y el Ministerio Público, cuando la ley lo exige.',
  'La mutualidad, solo con cifras sin datos personales (informe semestral).',
  'Las personas autorizadas de la organización que gestionan el caso.',
];
const RETENTION = [
  'Los casos cerrados se conservan durante el plazo que fija la organización para cumplir sus deberes legales y luego se eliminan; un caso con una retención legal (un juicio, una fiscalización) se conserva mientras esta dure.',
];
const RIGHTS = [
  'Puede pedir la rectificación, la supresión o el bloqueo de sus datos, u oponerse a su tratamiento; la solicitud puede rechazarse cuando la ley obliga a conservarlos, y se le darán las razones.',
  'Puede reclamar ante la Agencia de Protección de Datos Personales.',
];

function heldAbout(requester: DataRequester, cases: AccessCase[]): string[] {
  const lines: string[] = [];
  for (const c of cases) {
    const kind = [c.category, c.type].filter(Boolean).join(' / ') || 'Denuncia';
    if (requester === 'denunciado' && c.accused) {
      const who = [c.accused.nombre, c.accused.cargo].filter(Boolean).join(', ');
      lines.push(
        `Figura como persona denunciada en una denuncia de ${c.year} (${kind}; estado: ${c.status})` +
          (who ? `, identificada como: ${who}.` : '.'),
      );
    } else {
      lines.push(
        `Su nombre u otros datos suyos pueden figurar en una denuncia de ${c.year} (${kind}; estado: ${c.status}).`,
      );
    }
  }
  if (lines.length === 0) lines.push('El canal no registra datos suyos en los casos revisados.');
  return lines;
}

/**
 * The access answer for `requester` about `cases`. For the complainant the channel already gives
 * everything they provided (the portal's copy of their data), so the answer points there and only
 * the team's internal notes are withheld.
 */
export function compileAccessAnswer(requester: DataRequester, cases: AccessCase[]): AccessAnswer {
  const common = [
    { titulo: 'Finalidades y base legal', contenido: PURPOSES },
    { titulo: 'Destinatarios', contenido: RECIPIENTS },
    { titulo: 'Plazo de conservación', contenido: RETENTION },
    { titulo: 'Sus derechos', contenido: RIGHTS },
  ];
  const incluye =
    requester === 'denunciante'
      ? [
          {
            titulo: 'Sus datos',
            contenido: [
              'Todo lo que entregó en su denuncia, su bitácora y la lista de sus archivos: puede descargarlos en el canal de denuncias, con su código y contraseña, con la opción «Descargar mis datos».',
            ],
          },
          ...common,
        ]
      : [
          {
            titulo: 'Datos que el canal registra sobre usted',
            contenido: heldAbout(requester, cases),
          },
          ...common,
        ];
  const retenido =
    requester === 'denunciante'
      ? [
          {
            dato: 'Notas internas del equipo investigador',
            motivo:
              'Reserva de la investigación (Ley 21.643); no son datos que usted haya entregado',
          },
        ]
      : WITHHELD_FOR_OTHERS;
  const texto = [
    'Respuesta a su solicitud de acceso a sus datos personales (Ley 21.719).',
    ...incluye.flatMap((s) => ['', `${s.titulo}:`, ...s.contenido.map((line) => `- ${line}`)]),
    '',
    'Por confidencialidad, esta respuesta no incluye datos que identifiquen a otras personas.',
  ].join('\n');
  return { incluye, retenido, texto };
}
