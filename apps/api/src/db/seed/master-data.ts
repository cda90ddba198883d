// Master data seeded per organisation (DESIGN §4.3–4.5): zones and places, complaint categories and
// types, relation options and involved-recognition options. Plain data, no database code; the ids
// are stable and must never be renumbered once a deployment holds complaints that point at them.
//
// Id schemes
// - Zone id: the official number of the Chilean region (1 Tarapacá … 13 Metropolitana … 16 Ñuble),
//   so one region has one id and one name in every organisation.
// - Agency id: organisation number × 1000 + region number × 10 + sequence (1–9), unique across the
//   whole dataset. Organisation numbers: 1 head office, 2 CEM, 3 services, 4 OTEC, 5 RCR,
//   6 Atacama, 7 Del Sur, 8 Lircay, 9 Los Andes, 10 Los Coihues, 11 Maitenes, 12 Portada,
//   13 Puerto Montt. Example: 1131 is the head office's first site in the Metropolitan Region.
// - Category ids 1–4. Type ids: 1–15 Law 20.393/21.595 offences, 16–25 Code of Ethics,
//   26–28 Law 21.643 (fixed by DESIGN §4.3), 29–34 other matters.

import { CLINIC_SITES, organizationByKey, type ClinicKey } from '@canal/shared';
import type {
  OrganizationKey,
  OrganizationMasterData,
  SeedCategory,
  SeedOption,
  SeedZone,
} from './types.js';

export type RegionId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16;

/** Official names of Chile's sixteen regions, by region number. */
export const REGION_NAMES: Readonly<Record<RegionId, string>> = {
  1: 'Región de Tarapacá',
  2: 'Región de Antofagasta',
  3: 'Región de Atacama',
  4: 'Región de Coquimbo',
  5: 'Región de Valparaíso',
  6: "Región del Libertador General Bernardo O'Higgins",
  7: 'Región del Maule',
  8: 'Región del Biobío',
  9: 'Región de La Araucanía',
  10: 'Región de Los Lagos',
  11: 'Región de Aysén del General Carlos Ibáñez del Campo',
  12: 'Región de Magallanes y de la Antártica Chilena',
  13: 'Región Metropolitana de Santiago',
  14: 'Región de Los Ríos',
  15: 'Región de Arica y Parinacota',
  16: 'Región de Ñuble',
};

/** Agency ids are `ORGANIZATION_NUMBERS[org] * 1000 + region * 10 + n`. */
export const ORGANIZATION_NUMBERS: Readonly<Record<OrganizationKey, number>> = {
  'head-office': 1,
  cem: 2,
  services: 3,
  otec: 4,
  rcr: 5,
  'clinica-atacama': 6,
  'clinica-delsur': 7,
  'clinica-lircay': 8,
  'clinica-losandes': 9,
  'clinica-loscohiues': 10,
  'clinica-maitenes': 11,
  'clinica-portada': 12,
  'clinica-puertomontt': 13,
};

/** The three complaint types of Law 21.643 (DESIGN §4.3): no anonymity, legal deadlines. */
export const LAW_21643_TYPE_IDS = [26, 27, 28] as const;

/** The relation option that only head office, CEM, services and OTEC offer (SPEC §3, DESIGN §4.5). */
export const AFFILIATED_COMPANY_RELATION = 'Colaborador de empresa adherida';

function zone(id: RegionId, agencias: ReadonlyArray<readonly [number, string]>): SeedZone {
  return {
    id,
    nombre: REGION_NAMES[id],
    agencias: agencias.map(([agencyId, nombre]) => ({ id: agencyId, nombre })),
  };
}

// ---------------------------------------------------------------------------------------------
// Zones and places, per organisation. Zones are listed north to south, as people read the map.
// ---------------------------------------------------------------------------------------------

/** The mutual's network of agencies, in all sixteen regions. */
const HEAD_OFFICE_ZONES: SeedZone[] = [
  zone(15, [[1151, 'Agencia Arica']]),
  zone(1, [
    [1011, 'Agencia Iquique'],
    [1012, 'Agencia Alto Hospicio'],
  ]),
  zone(2, [
    [1021, 'Agencia Antofagasta'],
    [1022, 'Agencia Calama'],
    [1023, 'Centro de Atención Mejillones'],
    [1024, 'Agencia Tocopilla'],
  ]),
  zone(3, [
    [1031, 'Agencia Copiapó'],
    [1032, 'Agencia Vallenar'],
    [1033, 'Centro de Atención Caldera'],
  ]),
  zone(4, [
    [1041, 'Agencia La Serena'],
    [1042, 'Agencia Coquimbo'],
    [1043, 'Agencia Ovalle'],
  ]),
  zone(5, [
    [1051, 'Agencia Valparaíso'],
    [1052, 'Agencia Viña del Mar'],
    [1053, 'Agencia San Antonio'],
    [1054, 'Agencia Quillota'],
  ]),
  zone(13, [
    [1131, 'Casa Matriz Providencia'],
    [1132, 'Agencia Santiago Centro'],
    [1133, 'Agencia Maipú'],
    [1134, 'Agencia Puente Alto'],
  ]),
  zone(6, [
    [1061, 'Agencia Rancagua'],
    [1062, 'Agencia San Fernando'],
  ]),
  zone(7, [
    [1071, 'Agencia Talca'],
    [1072, 'Agencia Curicó'],
    [1073, 'Agencia Linares'],
  ]),
  zone(16, [
    [1161, 'Agencia Chillán'],
    [1162, 'Centro de Atención San Carlos'],
  ]),
  zone(8, [
    [1081, 'Agencia Concepción'],
    [1082, 'Agencia Talcahuano'],
    [1083, 'Agencia Los Ángeles'],
    [1084, 'Agencia Coronel'],
  ]),
  zone(9, [
    [1091, 'Agencia Temuco'],
    [1092, 'Agencia Angol'],
    [1093, 'Agencia Villarrica'],
  ]),
  zone(14, [
    [1141, 'Agencia Valdivia'],
    [1142, 'Centro de Atención La Unión'],
  ]),
  zone(10, [
    [1101, 'Agencia Puerto Montt'],
    [1102, 'Agencia Osorno'],
    [1103, 'Agencia Castro'],
  ]),
  zone(11, [
    [1111, 'Agencia Coyhaique'],
    [1112, 'Centro de Atención Puerto Aysén'],
  ]),
  zone(12, [
    [1121, 'Agencia Punta Arenas'],
    [1122, 'Centro de Atención Puerto Natales'],
  ]),
];

/** The outpatient medical centre: a few regional centres. */
const CEM_ZONES: SeedZone[] = [
  zone(2, [[2021, 'Centro Médico Antofagasta']]),
  zone(5, [
    [2051, 'Centro Médico Viña del Mar'],
    [2052, 'Centro Médico Valparaíso'],
  ]),
  zone(13, [
    [2131, 'Centro Médico Providencia'],
    [2132, 'Centro Médico Santiago Centro'],
    [2133, 'Centro Médico Las Condes'],
    [2134, 'Laboratorio Clínico y Toma de Muestras Ñuñoa'],
  ]),
  zone(8, [[2081, 'Centro Médico Concepción']]),
];

/** The services company: offices, occupational-health exam centres and field bases. */
const SERVICES_ZONES: SeedZone[] = [
  zone(2, [
    [3021, 'Base de Operaciones Antofagasta'],
    [3022, 'Centro de Exámenes Ocupacionales Calama'],
  ]),
  zone(5, [[3051, 'Oficina Viña del Mar']]),
  zone(13, [
    [3131, 'Oficina Central Santiago'],
    [3132, 'Laboratorio de Higiene Industrial Quilicura'],
    [3133, 'Centro de Exámenes Ocupacionales Santiago Centro'],
  ]),
  zone(8, [
    [3081, 'Oficina Concepción'],
    [3082, 'Base de Operaciones Coronel'],
  ]),
  zone(10, [[3101, 'Oficina Puerto Montt']]),
];

/** The training company: classrooms and practical training grounds. */
const OTEC_ZONES: SeedZone[] = [
  zone(2, [
    [4021, 'Sede de Capacitación Antofagasta'],
    [4022, 'Centro de Entrenamiento Práctico Calama'],
  ]),
  zone(13, [
    [4131, 'Sede de Capacitación Santiago Centro'],
    [4132, 'Centro de Entrenamiento Práctico Pudahuel'],
  ]),
  zone(6, [[4061, 'Sala de Capacitación Rancagua']]),
  zone(8, [[4081, 'Sede de Capacitación Concepción']]),
  zone(10, [[4101, 'Sede de Capacitación Puerto Montt']]),
];

/** A clinic's main building, named with its city (CLINIC_SITES, shared with the portal's footer). */
function mainBuilding(key: ClinicKey): string {
  const { city } = CLINIC_SITES[key];
  const name = organizationByKey(key).shortName;
  return name.endsWith(city) ? `Edificio principal ${name}` : `Edificio principal ${name}, ${city}`;
}

/** A clinic as a place of the regional clinics group: "Clínica Del Sur (Temuco)". */
const rcrPlace = (key: ClinicKey) =>
  `${organizationByKey(key).shortName} (${CLINIC_SITES[key].city})`;

/** The region a clinic is in: its only zone. */
const siteRegion = (key: ClinicKey) => CLINIC_SITES[key].region as RegionId;

/** The regional clinics group: its corporate office and the eight clinics, in their regions. */
const RCR_ZONES: SeedZone[] = [
  zone(2, [[5021, rcrPlace('clinica-portada')]]),
  zone(3, [[5031, rcrPlace('clinica-atacama')]]),
  zone(7, [[5071, rcrPlace('clinica-lircay')]]),
  zone(8, [
    [5081, 'Oficina Corporativa Red de Clínicas Regionales (Concepción)'],
    [5082, rcrPlace('clinica-maitenes')],
    [5083, rcrPlace('clinica-losandes')],
  ]),
  zone(9, [[5091, rcrPlace('clinica-delsur')]]),
  zone(10, [
    [5101, rcrPlace('clinica-loscohiues')],
    [5102, rcrPlace('clinica-puertomontt')],
  ]),
];

// Each clinic has exactly one zone, so the portal chooses it automatically (SPEC §2, step 1).

const CLINICA_ATACAMA_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-atacama'), [
    [6031, mainBuilding('clinica-atacama')],
    [6032, 'Centro Médico Copiapó Centro'],
    [6033, 'Centro Médico Vallenar'],
    [6034, 'Edificio administrativo y bodegas'],
  ]),
];

const CLINICA_DELSUR_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-delsur'), [
    [7091, mainBuilding('clinica-delsur')],
    [7092, 'Torre de Consultas Médicas'],
    [7093, 'Centro Médico Padre Las Casas'],
    [7094, 'Unidad de Diálisis Temuco'],
  ]),
];

const CLINICA_LIRCAY_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-lircay'), [
    [8071, mainBuilding('clinica-lircay')],
    [8072, 'Centro de Imagenología Talca'],
    [8073, 'Centro Médico Curicó'],
  ]),
];

const CLINICA_LOSANDES_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-losandes'), [
    [9081, mainBuilding('clinica-losandes')],
    [9082, 'Centro Médico Los Ángeles Centro'],
    [9083, 'Anexo de Laboratorio y Toma de Muestras'],
  ]),
];

const CLINICA_LOSCOIHUES_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-loscohiues'), [
    [10101, mainBuilding('clinica-loscohiues')],
    [10102, 'Centro Médico Osorno Centro'],
    [10103, 'Centro Médico Purranque'],
  ]),
];

const CLINICA_MAITENES_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-maitenes'), [
    [11081, mainBuilding('clinica-maitenes')],
    [11082, 'Centro Médico San Pedro de la Paz'],
    [11083, 'Centro Médico Talcahuano'],
    [11084, 'Edificio de Servicios Generales'],
  ]),
];

const CLINICA_PORTADA_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-portada'), [
    [12021, mainBuilding('clinica-portada')],
    [12022, 'Centro Médico Antofagasta Sur'],
    [12023, 'Centro Médico Calama'],
    [12024, 'Centro de Rehabilitación Antofagasta'],
  ]),
];

const CLINICA_PUERTOMONTT_ZONES: SeedZone[] = [
  zone(siteRegion('clinica-puertomontt'), [
    [13101, mainBuilding('clinica-puertomontt')],
    [13102, 'Torre Médica Puerto Montt'],
    [13103, 'Centro Médico Puerto Varas'],
    [13104, 'Centro Médico Alerce'],
    [13105, 'Anexo administrativo'],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Complaint categories and types: the same for every organisation.
// ---------------------------------------------------------------------------------------------

const CATEGORIES: SeedCategory[] = [
  {
    id: 1,
    nombre: 'Ley N° 21.643 (Ley Karin): acoso y violencia en el trabajo',
    tipos: [
      {
        id: 26,
        nombre: 'Acoso laboral',
        descripcion:
          'Toda agresión u hostigamiento, por cualquier medio, de parte de la jefatura o de uno o más compañeros de trabajo, que cause a la persona afectada menoscabo, maltrato o humillación, o que amenace o perjudique su situación laboral o sus oportunidades en el empleo. Basta que ocurra una sola vez (Código del Trabajo, art. 2, modificado por la Ley N° 21.643).',
        grupo: null,
      },
      {
        id: 27,
        nombre: 'Acoso sexual',
        descripcion:
          'Requerimientos de carácter sexual hechos en forma indebida y por cualquier medio (palabras, mensajes, gestos o contacto físico), que no son consentidos por quien los recibe y que amenazan o perjudican su situación laboral o sus oportunidades en el empleo (Código del Trabajo, art. 2).',
        grupo: null,
      },
      {
        id: 28,
        nombre: 'Violencia en el trabajo',
        descripcion:
          'Conductas que afectan a trabajadoras y trabajadores con ocasión de su trabajo, ejercidas por personas ajenas a la relación laboral, como clientes, pacientes, proveedores o usuarios; por ejemplo, insultos, amenazas o agresiones durante una atención (Código del Trabajo, art. 2, incorporado por la Ley N° 21.643).',
        grupo: null,
      },
    ],
  },
  {
    id: 2,
    nombre: 'Delitos de la Ley N° 20.393 y de la Ley N° 21.595 (delitos económicos)',
    tipos: [
      {
        id: 1,
        nombre: 'Cohecho a funcionario público',
        descripcion:
          'Ofrecer, prometer o dar a un funcionario público, chileno o extranjero, un pago u otro beneficio indebido para que haga, omita o acelere algo propio de su cargo; por ejemplo, para obtener un permiso, una fiscalización favorable o un contrato con el Estado.',
        grupo: 'Corrupción',
      },
      {
        id: 2,
        nombre: 'Corrupción entre particulares',
        descripcion:
          'Pedir, aceptar, ofrecer o dar un beneficio indebido para favorecer a un proveedor, cliente u oferente por sobre otro; por ejemplo, pedir o pagar una comisión a cambio de adjudicar una compra o un contrato.',
        grupo: 'Corrupción',
      },
      {
        id: 3,
        nombre: 'Negociación incompatible',
        descripcion:
          'Que un director, gerente o persona a cargo de administrar bienes de la organización se interese en un contrato u operación en que intervenga por su cargo, en beneficio propio, de un familiar cercano o de una empresa relacionada, sin informarlo ni abstenerse.',
        grupo: 'Corrupción',
      },
      {
        id: 4,
        nombre: 'Lavado de activos',
        descripcion:
          'Ocultar o disimular el origen ilícito de dinero o bienes que provienen de delitos como el narcotráfico, la corrupción o el fraude, o adquirirlos o usarlos conociendo ese origen; por ejemplo, mediante pagos, depósitos o contratos ficticios.',
        grupo: 'Delitos económicos',
      },
      {
        id: 5,
        nombre: 'Financiamiento del terrorismo',
        descripcion:
          'Solicitar, reunir, entregar o poner a disposición dinero o bienes, por cualquier medio, sabiendo que se usarán para cometer delitos terroristas.',
        grupo: 'Delitos económicos',
      },
      {
        id: 6,
        nombre: 'Receptación',
        descripcion:
          'Tener, comprar, vender, transportar o guardar bienes robados, hurtados u obtenidos ilícitamente, sabiendo o debiendo saber su origen; por ejemplo, aceptar de un proveedor insumos, equipos o materiales robados.',
        grupo: 'Delitos económicos',
      },
      {
        id: 7,
        nombre: 'Administración desleal',
        descripcion:
          'Que quien administra bienes o recursos de la organización perjudique su patrimonio abusando de sus facultades o actuando en forma manifiestamente contraria a su interés; por ejemplo, vendiendo bienes bajo su valor o comprometiendo gastos injustificados.',
        grupo: 'Delitos económicos',
      },
      {
        id: 8,
        nombre: 'Apropiación indebida',
        descripcion:
          'Quedarse con dinero, equipos u otros bienes recibidos de la organización o de un tercero con la obligación de devolverlos o entregarlos; por ejemplo, no rendir fondos entregados a rendir o no devolver un equipo al terminar un encargo.',
        grupo: 'Delitos económicos',
      },
      {
        id: 9,
        nombre: 'Obtención fraudulenta de prestaciones o subvenciones',
        descripcion:
          'Obtener beneficios, prestaciones, subsidios o aportes del Estado o de la organización mediante información o documentos falsos o incompletos; por ejemplo, licencias médicas fraudulentas o accidentes del trabajo simulados.',
        grupo: 'Delitos económicos',
      },
      {
        id: 10,
        nombre: 'Falsificación de documentos o registros',
        descripcion:
          'Crear, adulterar o usar documentos, firmas, certificados o registros falsos, como facturas, contratos, fichas o informes, para obtener un beneficio o causar un perjuicio.',
        grupo: 'Delitos económicos',
      },
      {
        id: 11,
        nombre: 'Delitos tributarios',
        descripcion:
          'Maniobras para pagar menos impuestos de los que corresponde o para obtener devoluciones indebidas, como usar facturas falsas, ocultar ingresos o llevar una doble contabilidad.',
        grupo: 'Delitos económicos',
      },
      {
        id: 12,
        nombre: 'Delitos informáticos',
        descripcion:
          'Acceder sin autorización a sistemas o datos, interceptar comunicaciones, alterar o destruir información, o usar claves o datos ajenos para defraudar (Ley N° 21.459); por ejemplo, entrar a la cuenta de otra persona o copiar bases de datos sin permiso.',
        grupo: 'Delitos informáticos',
      },
      {
        id: 13,
        nombre: 'Contaminación de aguas',
        descripcion:
          'Introducir o permitir que lleguen al mar, a ríos, lagos u otros cuerpos de agua, sin autorización o infringiendo sus condiciones, sustancias que causen daño a los recursos hidrobiológicos o al medio ambiente, como residuos químicos, clínicos o aguas servidas.',
        grupo: 'Delitos medioambientales',
      },
      {
        id: 14,
        nombre: 'Otros delitos contra el medio ambiente',
        descripcion:
          'Verter, liberar o abandonar sustancias o residuos peligrosos sin autorización, extraer aguas o áridos ilegalmente o dañar áreas protegidas, poniendo en riesgo la salud de las personas o el medio ambiente.',
        grupo: 'Delitos medioambientales',
      },
      {
        id: 15,
        nombre: 'Inobservancia de cuarentena o aislamiento sanitario',
        descripcion:
          'Que una jefatura ordene a un trabajador acudir a su lugar de trabajo, distinto de su domicilio, sabiendo que debe cumplir una cuarentena o un aislamiento obligatorio decretado por la autoridad sanitaria.',
        grupo: 'Delitos contra la salud pública',
      },
    ],
  },
  {
    id: 3,
    nombre: 'Infracciones al Código de Ética',
    tipos: [
      {
        id: 16,
        nombre: 'Conflicto de interés',
        descripcion:
          'Situaciones no informadas en que un interés personal, familiar o comercial puede influir en las decisiones que una persona toma para la organización; por ejemplo, participar en la contratación de un pariente o de una empresa propia.',
        grupo: 'Integridad',
      },
      {
        id: 17,
        nombre: 'Regalos, invitaciones y atenciones',
        descripcion:
          'Dar o recibir regalos, invitaciones, viajes u otras atenciones que superan lo permitido por el Código de Ética o que buscan influir en una decisión, especialmente de proveedores, contratistas o empresas con las que se negocia.',
        grupo: 'Integridad',
      },
      {
        id: 18,
        nombre: 'Uso indebido de información confidencial',
        descripcion:
          'Revelar, copiar o usar para fines ajenos al trabajo información reservada de la organización, de sus trabajadores, pacientes o clientes, como fichas clínicas, remuneraciones, datos de contacto o información comercial.',
        grupo: 'Integridad',
      },
      {
        id: 19,
        nombre: 'Uso indebido de recursos de la organización',
        descripcion:
          'Usar vehículos, equipos, insumos, dinero, tiempo de trabajo u otros recursos de la organización para fines personales o ajenos a sus objetivos, o permitir que otros lo hagan.',
        grupo: 'Integridad',
      },
      {
        id: 20,
        nombre: 'Discriminación arbitraria',
        descripcion:
          'Distinciones, exclusiones o preferencias sin justificación basadas en motivos como sexo, maternidad, edad, nacionalidad, religión, opinión política, sindicación, orientación sexual, identidad de género, discapacidad o apariencia personal, que afectan la igualdad de oportunidades o de trato en el empleo.',
        grupo: 'Respeto en el trabajo',
      },
      {
        id: 21,
        nombre: 'Trato irrespetuoso o conducta inapropiada',
        descripcion:
          'Gritos, burlas, lenguaje ofensivo u otras faltas de respeto hacia compañeros, pacientes o usuarios. Si cree que se trata de acoso laboral, acoso sexual o violencia en el trabajo, elija la categoría de la Ley N° 21.643 (Ley Karin).',
        grupo: 'Respeto en el trabajo',
      },
      {
        id: 22,
        nombre: 'Represalias contra denunciantes o testigos',
        descripcion:
          'Despidos, cambios de funciones, malas evaluaciones, amenazas u otros perjuicios contra una persona por haber presentado una denuncia de buena fe o por haber colaborado en una investigación.',
        grupo: null,
      },
      {
        id: 23,
        nombre: 'Alteración de registros internos',
        descripcion:
          'Registrar datos falsos o incompletos en controles de asistencia, horas extraordinarias, rendiciones de gastos, inventarios o indicadores de gestión, o pedir a otra persona que lo haga.',
        grupo: null,
      },
      {
        id: 24,
        nombre: 'Consumo de alcohol o drogas en el trabajo',
        descripcion:
          'Trabajar bajo la influencia del alcohol o de drogas, o consumirlos, venderlos o distribuirlos en las instalaciones o durante la jornada, en contra del Reglamento Interno.',
        grupo: null,
      },
      {
        id: 25,
        nombre: 'Incumplimiento de políticas o procedimientos internos',
        descripcion:
          'Incumplimientos del Código de Ética, del Reglamento Interno de Orden, Higiene y Seguridad o de otras políticas de la organización que no están descritos en las demás opciones.',
        grupo: null,
      },
    ],
  },
  {
    id: 4,
    nombre: 'Otras materias',
    tipos: [
      {
        id: 29,
        nombre: 'Seguridad y salud en el trabajo',
        descripcion:
          'Condiciones o prácticas que ponen en riesgo la vida o la salud de las personas en el trabajo, como falta de elementos de protección personal, equipos en mal estado, protocolos que no se cumplen o accidentes del trabajo que no se informaron.',
        grupo: 'Seguridad y salud',
      },
      {
        id: 30,
        nombre: 'Protección de datos personales',
        descripcion:
          'Tratamiento de datos personales o sensibles sin autorización o sin el debido resguardo, como el acceso indebido a fichas clínicas, el envío de datos a terceros o la pérdida de documentos o archivos con información de personas.',
        grupo: 'Privacidad',
      },
      {
        id: 31,
        nombre: 'Derechos de pacientes y usuarios',
        descripcion:
          'Vulneración de los derechos de pacientes, alumnos o usuarios de nuestros servicios, como la falta de información sobre su atención, un trato indigno o la falta de privacidad o de confidencialidad.',
        grupo: null,
      },
      {
        id: 32,
        nombre: 'Obligaciones laborales y previsionales',
        descripcion:
          'Incumplimientos en el pago de remuneraciones, cotizaciones previsionales, horas extraordinarias o feriados, o en otras obligaciones laborales, de la organización o de sus empresas contratistas y subcontratistas.',
        grupo: null,
      },
      {
        id: 33,
        nombre: 'Libre competencia',
        descripcion:
          'Acuerdos o conductas con competidores para fijar precios, repartirse clientes o zonas o coordinar ofertas en licitaciones, y el intercambio con ellos de información comercial sensible.',
        grupo: null,
      },
      {
        id: 34,
        nombre: 'Otra materia',
        descripcion:
          'Cualquier otra irregularidad o incumplimiento que no corresponda a las opciones anteriores. Describe los hechos con el mayor detalle posible.',
        grupo: null,
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Relation and involved-recognition options: the same for every organisation. The API and the
// portal remove AFFILIATED_COMPANY_RELATION outside head office, CEM, services and OTEC.
// ---------------------------------------------------------------------------------------------

const RELATION_OPTIONS: SeedOption[] = [
  { id: 1, descripcion: 'Trabajador(a) de la organización' },
  { id: 2, descripcion: 'Ex trabajador(a)' },
  { id: 3, descripcion: 'Proveedor o contratista' },
  { id: 4, descripcion: 'Cliente o paciente' },
  { id: 5, descripcion: AFFILIATED_COMPANY_RELATION },
  { id: 6, descripcion: 'Estudiante o practicante' },
  { id: 7, descripcion: 'Otro' },
];

const INVOLVED_RECOGNITION_OPTIONS: SeedOption[] = [
  { id: 1, descripcion: 'Sí, puedo identificar a las personas involucradas' },
  { id: 2, descripcion: 'Sí, a algunas de ellas' },
  { id: 3, descripcion: 'No, no puedo identificarlas' },
  { id: 4, descripcion: 'Prefiero no indicarlo' },
];

/** Every organisation gets its own copies, so no consumer can change another's lists by mistake. */
function organization(zonas: SeedZone[]): OrganizationMasterData {
  return {
    zonas,
    categorias: structuredClone(CATEGORIES),
    relaciones: structuredClone(RELATION_OPTIONS),
    reconoceInvolucrados: structuredClone(INVOLVED_RECOGNITION_OPTIONS),
  };
}

export const MASTER_DATA: Record<OrganizationKey, OrganizationMasterData> = {
  'head-office': organization(HEAD_OFFICE_ZONES),
  cem: organization(CEM_ZONES),
  services: organization(SERVICES_ZONES),
  otec: organization(OTEC_ZONES),
  rcr: organization(RCR_ZONES),
  'clinica-atacama': organization(CLINICA_ATACAMA_ZONES),
  'clinica-delsur': organization(CLINICA_DELSUR_ZONES),
  'clinica-lircay': organization(CLINICA_LIRCAY_ZONES),
  'clinica-losandes': organization(CLINICA_LOSANDES_ZONES),
  'clinica-loscohiues': organization(CLINICA_LOSCOIHUES_ZONES),
  'clinica-maitenes': organization(CLINICA_MAITENES_ZONES),
  'clinica-portada': organization(CLINICA_PORTADA_ZONES),
  'clinica-puertomontt': organization(CLINICA_PUERTOMONTT_ZONES),
};

/** The thirteen organisation keys, in registry order. */
export const ORGANIZATION_KEYS = Object.keys(MASTER_DATA) as OrganizationKey[];
