import { describe, expect, it } from 'vitest';
import { renderMail, type MailBrand, type MailMessage, type RenderedMail } from './index';
import { MESSAGES, webPaths, webUrl } from '@canal/shared';

const brand: MailBrand = {
  name: 'Clínica Lircay',
  nameWithArticle: 'la Clínica Lircay',
  primaryColor: '#0057a8',
  textColor: '#1b1b1b',
  backgroundColor: '#eef3f9',
};

// What a careless caller might spread into a message: none of it may reach a mail.
const LEAKS = {
  description: 'SENTINEL-RELATO el jefe me gritó frente a todos',
  password: 'Secreta#2026!',
  pass: 'OtraClave$99',
  email: 'persona.denunciante@correo.cl',
  complainantFirstName: 'Mariela',
  complainantLastName: 'Sepúlveda',
  complainantRut: '12345678-5',
  comentario: 'SENTINEL-COMENTARIO respuesta del investigador',
};
const LEAKED_VALUES = Object.values(LEAKS);

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** What a reader sees: the body text (preheader included), without markup. */
function visible(html: string): string {
  return decode(
    html
      .replace(/<head>[\s\S]*<\/head>/, ' ')
      // Inline tags do not break the words around them; block tags do.
      .replace(/<\/?(?:strong|a)\b[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/[\u200c\u00a0]/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!));

/** Every place a value could show up: subject, visible HTML, links, plain text. */
const surfaces = (mail: RenderedMail) => [mail.subject, visible(mail.html), mail.text];

interface Allowed {
  urls: string[];
  tickets?: string[];
  dates?: string[];
  caseNumbers?: string[];
}

/**
 * Neutrality: the only links, long numbers and dates in the mail are the ones passed in, the
 * word "contraseña" is never followed by a value, and no field outside the kind's own leaks.
 */
function expectOnlyPassedValues(mail: RenderedMail, allowed: Allowed) {
  const all = [...surfaces(mail), hrefs(mail.html).join(' ')];
  for (const surface of all) {
    const urls = surface.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
    for (const url of urls) expect(allowed.urls).toContain(url);
    const rest = (allowed.caseNumbers ?? []).reduce(
      (acc, caseNumber) => acc.split(caseNumber).join(' '),
      surface.replace(/https?:\/\/[^\s"'<>]+/g, ' '),
    );
    for (const digits of rest.match(/\d{5,}/g) ?? [])
      expect(allowed.tickets ?? []).toContain(digits);
    for (const date of rest.match(/\d{2}[-/]\d{2}[-/]\d{4}/g) ?? []) {
      expect(allowed.dates ?? []).toContain(date);
    }
    for (const leak of LEAKED_VALUES) expect(surface).not.toContain(leak);
    expect(surface).not.toMatch(/@/);
    // "contraseña" only in instructions: never "contraseña: X", "= X" or "es X" (a button's
    // label may precede its own link, "Crear una nueva contraseña: https://…").
    for (const m of surface.matchAll(/contraseñas?[ \t]*[:=]\s*(\S*)/gi)) {
      expect(allowed.urls).toContain(m[1]);
    }
    expect(surface).not.toMatch(/contraseñas?[ \t]+(es|fue|será|sigue siendo)\b/i);
  }
  expect(hrefs(mail.html).every((href) => allowed.urls.includes(href))).toBe(true);
}

/** Subject says "Canal de denuncias" and nothing about what kind of complaint this is. */
function expectNeutralSubject(subject: string) {
  expect(subject.startsWith('Canal de denuncias – ')).toBe(true);
  const rest = subject.slice('Canal de denuncias – '.length);
  expect(rest).not.toMatch(/denuncia|acoso|sexual|laboral|violencia|delito|abuso|fraude|ley/i);
  expect(subject).not.toMatch(/[\r\n]/);
}

function expectWellFormedHtml(mail: RenderedMail) {
  // react-email's <Html> writes dir before lang.
  expect(mail.html).toMatch(/^<!DOCTYPE html><html [^>]*lang="es"/);
  expect(mail.html).toContain('<meta charSet="utf-8"/>');
  expect(mail.html).toContain('max-width:600px');
  expect(mail.html).toContain('role="presentation"');
  expect(mail.html).not.toMatch(/<img|<script|url\(/i);
  expect(mail.html).toContain(`<title>${mail.subject}</title>`);
  // The brand is a coloured bar with the organisation's name in text.
  expect(mail.html).toMatch(/bgcolor="#0057a8"/);
  expect(visible(mail.html)).toContain('Clínica Lircay');
  expect(mail.text).toContain('Clínica Lircay');
}

/**
 * Renders two messages that differ only in their values and replaces each value with a
 * placeholder: the results must be identical, so nothing else in the mail depends on input.
 */
function expectOnlyValuesVary(a: MailMessage, b: MailMessage, pairs: [string, string][]) {
  const normalise = (mail: RenderedMail, values: string[]) => {
    const swap = (s: string) =>
      values.reduce((acc, value, i) => acc.split(value).join(`⟦${i}⟧`), s);
    return { subject: swap(mail.subject), html: swap(mail.html), text: swap(mail.text) };
  };
  const left = normalise(
    renderMail(a, brand),
    pairs.map(([x]) => x),
  );
  const right = normalise(
    renderMail(b, brand),
    pairs.map(([, y]) => y),
  );
  expect(left).toEqual(right);
}

describe('confirmation', () => {
  const message: MailMessage = {
    kind: 'confirmation',
    ticket: 123456789012,
    // 02:00 UTC on 1 March is still 28 February in Santiago (UTC-3).
    createdAt: new Date('2026-03-01T02:00:00Z'),
    portalUrl: 'https://canaldenuncias-clinica-lircay.example.cl/',
  };
  const mail = renderMail(message, brand);

  it('carries the code in the subject and nothing about the complaint', () => {
    expect(mail.subject).toBe('Canal de denuncias – Código de seguimiento 123456789012');
    expectNeutralSubject(mail.subject);
  });

  it('says when it was received, in Chilean time, with the code in large type', () => {
    const body = visible(mail.html);
    expect(body).toContain('Su denuncia fue recibida el 28-02-2026');
    expect(mail.html).toMatch(/class="mail-code" style="[^"]*font-size:34px[^"]*">123456789012</);
    expect(mail.text).toContain('Su código de seguimiento: 123456789012');
    expect(mail.text).toContain('28-02-2026');
  });

  it('uses the winter offset too (UTC-4)', () => {
    const winter = renderMail({ ...message, createdAt: new Date('2026-07-01T03:30:00Z') }, brand);
    expect(winter.text).toContain('30-06-2026');
  });

  it('explains how to follow up, confidentiality, no emergencies and no immediate answer', () => {
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('la contraseña que creó');
      expect(surface).toContain('Consultar estado de su denuncia');
      expect(surface).toContain('confidencial');
      expect(surface).toContain('Este canal no es un servicio de emergencias');
      expect(surface).toMatch(/133 \(Carabineros\) o al 131 \(SAMU/);
      expect(surface).toContain('No recibirá una respuesta inmediata');
      expect(surface).toContain('este correo no incluye su contraseña');
    }
    expect(hrefs(mail.html)).toContain(message.portalUrl);
    expect(mail.text).toContain(message.portalUrl);
  });

  it('is a well-formed, branded e-mail document with a preheader', () => {
    expectWellFormedHtml(mail);
    expect(mail.html).toMatch(/display:none[^>]*>Recibimos su denuncia\./);
  });

  it('shows only the values it was given', () => {
    // Its one derived link: the organisation's privacy notice on the same portal (Law 21.719).
    const notice = 'https://canaldenuncias-clinica-lircay.example.cl/aviso-de-privacidad';
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: [message.portalUrl, notice],
      tickets: ['123456789012'],
      dates: ['28-02-2026'],
    });
    expectOnlyValuesVary(
      message,
      {
        kind: 'confirmation',
        ticket: 987654321098,
        createdAt: new Date('2025-11-20T15:00:00Z'),
        portalUrl: 'https://otro.example.cl/canal',
      },
      [
        ['123456789012', '987654321098'],
        ['28-02-2026', '20-11-2025'],
        [notice, 'https://otro.example.cl/canal/aviso-de-privacidad'],
        [message.portalUrl, 'https://otro.example.cl/canal'],
      ],
    );
  });
});

describe('code-recovery', () => {
  const message: MailMessage = {
    kind: 'code-recovery',
    complaints: [
      { ticket: 111122223333, createdAt: new Date('2025-05-02T12:00:00Z') },
      { ticket: 444455556666, createdAt: new Date('2026-01-15T12:00:00Z') },
      { ticket: 777788889999, createdAt: new Date('2025-09-30T12:00:00Z') },
    ],
    portalUrl: 'https://canal.example.cl/',
  };
  const mail = renderMail(message, brand);

  it('lists every code filed with the address, each with its date, newest first', () => {
    expect(mail.subject).toBe('Canal de denuncias – Sus códigos de seguimiento');
    expectNeutralSubject(mail.subject);
    const expected = [
      ['444455556666', '15-01-2026'],
      ['777788889999', '30-09-2025'],
      ['111122223333', '02-05-2025'],
    ];
    const body = visible(mail.html);
    for (const surface of [body, mail.text]) {
      const positions = expected.map(([code, date]) => {
        expect(surface).toMatch(new RegExp(`${code}\\D{1,40}${date}`));
        return surface.indexOf(code!);
      });
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('says it can be ignored by whoever did not ask for it, and links to the portal', () => {
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('¿No pidió este correo?');
      expect(surface).toContain('Puede ignorarlo');
    }
    expect(hrefs(mail.html)).toContain('https://canal.example.cl/');
    expect(mail.text).toContain('https://canal.example.cl/');
  });

  it('speaks in the singular for a single code', () => {
    const single = renderMail({ ...message, complaints: message.complaints.slice(0, 1) }, brand);
    expect(single.subject).toBe('Canal de denuncias – Su código de seguimiento');
    expect(single.text).toContain('111122223333');
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: ['https://canal.example.cl/'],
      tickets: ['111122223333', '444455556666', '777788889999'],
      dates: ['02-05-2025', '15-01-2026', '30-09-2025'],
    });
  });

  it('refuses an empty list rather than sending a mail that says nothing', () => {
    expect(() => renderMail({ ...message, complaints: [] }, brand)).toThrow(/at least one/);
  });
});

describe('password-reset', () => {
  const message: MailMessage = {
    kind: 'password-reset',
    ticket: 123456789012,
    resetUrl: 'https://canal.example.cl/restablecer-contrasena/q9Zx_tok3n',
    expiresMinutes: 30,
  };
  const mail = renderMail(message, brand);

  it('links to the reset page, valid for the given minutes and once only', () => {
    expect(mail.subject).toBe(
      'Canal de denuncias – Restablecer contraseña del código 123456789012',
    );
    expectNeutralSubject(mail.subject);
    expect(mail.html).toMatch(
      /<a href="https:\/\/canal\.example\.cl\/restablecer-contrasena\/q9Zx_tok3n"[^>]*>Crear una nueva contraseña<\/a>/,
    );
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('El enlace vence en 30 minutos y se puede usar una sola vez');
      expect(surface).toContain('¿No fue usted?');
      expect(surface).toContain('Puede ignorar este correo');
      expect(surface).toContain('123456789012');
    }
    expect(mail.text).toContain(message.resetUrl);
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: [message.resetUrl],
      tickets: ['123456789012'],
    });
    expectOnlyValuesVary(
      message,
      {
        kind: 'password-reset',
        ticket: 555566667777,
        resetUrl: 'https://otro.example.cl/r/xyz',
        expiresMinutes: 45,
      },
      [
        ['123456789012', '555566667777'],
        [message.resetUrl, 'https://otro.example.cl/r/xyz'],
        ['30 minutos', '45 minutos'],
      ],
    );
  });
});

describe('complainant-update', () => {
  const message: MailMessage = {
    kind: 'complainant-update',
    ticket: 123456789012,
    status: 'En investigación',
    portalUrl: 'https://canal.example.cl/',
  };
  const mail = renderMail(message, brand);

  it('says there is an update, the status and where to log in, not the reply', () => {
    expect(mail.subject).toBe('Canal de denuncias – Actualización del código 123456789012');
    expectNeutralSubject(mail.subject);
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('Su denuncia 123456789012 tiene una actualización');
      expect(surface).toMatch(/Estado:? En investigación/);
      expect(surface).toContain('este correo no incluye el detalle');
    }
    expect(hrefs(mail.html)).toContain('https://canal.example.cl/');
    expect(mail.text).toContain('https://canal.example.cl/');
  });

  it('tells the complainant they can add information when it is missing', () => {
    const missing = renderMail({ ...message, status: 'Faltan antecedentes' }, brand);
    expect(missing.text).toContain('Se necesitan más antecedentes');
    expect(mail.text).not.toContain('Se necesitan más antecedentes');
  });

  it('tells the complainant, on closing, they may go to the DT, the police or the prosecutor', () => {
    const closed = renderMail({ ...message, status: 'Cerrada' }, brand);
    for (const surface of [visible(closed.html), closed.text.replace(/\s+/g, ' ')]) {
      expect(surface).toContain(MESSAGES.complainantRights);
    }
    expect(MESSAGES.complainantRights).toMatch(/Dirección del Trabajo/);
    expect(MESSAGES.complainantRights).toMatch(/Carabineros.*PDI.*Fiscalía/);
    expect(mail.text).not.toContain('Dirección del Trabajo');
  });

  it('escapes the status in the HTML', () => {
    const hostile = renderMail({ ...message, status: '<script>alert("x")</script>' }, brand);
    expect(hostile.html).not.toContain('<script');
    expect(hostile.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(hostile.text).toContain('<script>alert("x")</script>');
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: ['https://canal.example.cl/'],
      tickets: ['123456789012'],
    });
    expectOnlyValuesVary(
      message,
      { ...message, ticket: 246813579135, status: 'Recibida', portalUrl: 'https://b.example.cl/x' },
      [
        ['123456789012', '246813579135'],
        ['En investigación', 'Recibida'],
        ['https://canal.example.cl/', 'https://b.example.cl/x'],
      ],
    );
  });
});

describe('breach-notice', () => {
  const message: MailMessage = {
    kind: 'breach-notice',
    ticket: 123456789012,
    portalUrl: 'https://canal.example.cl/',
  };
  const mail = renderMail(message, brand);

  it('says there is a notice about the data and where to read it, never what happened', () => {
    expect(mail.subject).toBe(
      'Canal de denuncias – Aviso sobre la seguridad de sus datos (código 123456789012)',
    );
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('registró un incidente de seguridad que pudo afectar datos');
      expect(surface).toContain('este correo no incluye el detalle');
    }
    expect([...new Set(hrefs(mail.html))]).toEqual([
      'https://canal.example.cl/',
      'https://canal.example.cl/aviso-de-privacidad',
    ]);
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: ['https://canal.example.cl/', 'https://canal.example.cl/aviso-de-privacidad'],
      tickets: ['123456789012'],
    });
    expectOnlyValuesVary(
      message,
      { ...message, ticket: 246813579135, portalUrl: 'https://b.example.cl/x' },
      [
        ['123456789012', '246813579135'],
        [
          'https://canal.example.cl/aviso-de-privacidad',
          'https://b.example.cl/x/aviso-de-privacidad',
        ],
        ['https://canal.example.cl/', 'https://b.example.cl/x'],
      ],
    );
  });
});

describe('staff-new-activity', () => {
  const message: MailMessage = {
    kind: 'staff-new-activity',
    caseNumber: 'CD-2026-00042',
    activity: 'comentario',
    backOfficeUrl: 'https://canal.example.cl/gestion/casos/42',
  };
  const mail = renderMail(message, brand);

  it('names the case and the kind of activity, nothing more', () => {
    expect(mail.subject).toBe('Canal de denuncias – Nueva actividad en el caso CD-2026-00042');
    expectNeutralSubject(mail.subject);
    expect(mail.text).toContain(
      'La persona denunciante agregó un comentario en el caso CD-2026-00042.',
    );
    const files = renderMail({ ...message, activity: 'archivos' }, brand);
    expect(visible(files.html)).toContain(
      'La persona denunciante adjuntó archivos en el caso CD-2026-00042.',
    );
    // A request to replace the investigator (decision 0022): the fact of it, never the reason.
    const request = renderMail({ ...message, activity: 'solicitud_reemplazo' }, brand);
    expect(request.text).toContain(
      'La persona denunciante solicitó el cambio de la persona investigadora en el caso CD-2026-00042.',
    );
    expect(request.subject).toBe('Canal de denuncias – Nueva actividad en el caso CD-2026-00042');
    // A comment on a closed case (decision 0034) says the case is closed.
    const late = renderMail({ ...message, activity: 'comentario_cierre' }, brand);
    expect(late.text).toContain(
      'La persona denunciante agregó un comentario en el caso CD-2026-00042, que ya está cerrado.',
    );
    expect(hrefs(mail.html)).toContain(message.backOfficeUrl);
    expect(mail.text).toContain(message.backOfficeUrl);
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: [message.backOfficeUrl],
      caseNumbers: ['CD-2026-00042'],
    });
    expectOnlyValuesVary(
      message,
      { ...message, caseNumber: 'CD-2025-00913', backOfficeUrl: 'https://g.example.cl/c/913' },
      [
        ['CD-2026-00042', 'CD-2025-00913'],
        [message.backOfficeUrl, 'https://g.example.cl/c/913'],
      ],
    );
  });
});

describe('staff-new-complaint', () => {
  const message: MailMessage = {
    kind: 'staff-new-complaint',
    caseNumber: 'CLI-2026-00042',
    protectiveMeasuresDue: null,
    backOfficeUrl: 'https://canal.example.cl/gestion/casos/42',
  };
  const karin: MailMessage = { ...message, protectiveMeasuresDue: '2026-03-02' };

  it('names the new case and links to it, nothing more', () => {
    const mail = renderMail(message, brand);
    expect(mail.subject).toBe('Canal de denuncias – Nuevo caso CLI-2026-00042');
    expectNeutralSubject(mail.subject);
    expect(mail.text).toContain(
      'Ingresó una nueva denuncia al canal de denuncias de la Clínica Lircay: el caso CLI-2026-00042.',
    );
    expect(mail.text).not.toMatch(/resguardo|21\.643/);
    expect(hrefs(mail.html)).toContain(message.backOfficeUrl);
    expectWellFormedHtml(mail);
  });

  it('says, under Law 21.643, that protective measures are due today, in the body only', () => {
    const mail = renderMail(karin, brand);
    expect(mail.subject).toBe('Canal de denuncias – Nuevo caso CLI-2026-00042: un plazo vence hoy');
    expectNeutralSubject(mail.subject);
    for (const surface of [visible(mail.html), mail.text])
      expect(surface).toContain(
        'Esta denuncia se rige por la Ley N° 21.643. Las medidas de resguardo deben adoptarse de inmediato: vencen hoy, 02-03-2026.',
      );
    expect(() => renderMail({ ...karin, protectiveMeasuresDue: 'mañana' }, brand)).toThrow(/date/);
  });

  it('shows only the values it was given', () => {
    expectOnlyPassedValues(renderMail({ ...karin, ...LEAKS } as MailMessage, brand), {
      urls: [message.backOfficeUrl],
      caseNumbers: ['CLI-2026-00042'],
      dates: ['02-03-2026'],
    });
    expectOnlyValuesVary(
      message,
      { ...message, caseNumber: 'MAS-2025-00913', backOfficeUrl: 'https://g.example.cl/c/913' },
      [
        ['CLI-2026-00042', 'MAS-2025-00913'],
        [message.backOfficeUrl, 'https://g.example.cl/c/913'],
      ],
    );
  });
});

describe('staff-deadlines', () => {
  const message: MailMessage = {
    kind: 'staff-deadlines',
    items: [
      {
        caseNumber: 'CD-2026-00042',
        milestone: 'Cierre de la investigación',
        dueDate: '12-03-2026',
        overdue: false,
      },
      {
        caseNumber: 'CD-2026-00017',
        milestone: 'Informe a la autoridad',
        dueDate: '02-03-2026',
        overdue: true,
      },
    ],
    backOfficeUrl: 'https://canal.example.cl/gestion?vencidos=1',
  };
  const mail = renderMail(message, brand);

  it('lists every milestone with its case and due date, overdue first', () => {
    expect(mail.subject).toBe('Canal de denuncias – 1 plazo vencido y 1 plazo por vencer');
    expectNeutralSubject(mail.subject);
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toMatch(/CD-2026-00017\D+Informe a la autoridad\D+02-03-2026\D+Vencido/);
      expect(surface).toMatch(
        /CD-2026-00042\D+Cierre de la investigación\D+12-03-2026\D+Por vencer/,
      );
      expect(surface.indexOf('CD-2026-00017')).toBeLessThan(surface.indexOf('CD-2026-00042'));
    }
    expect(mail.html).toContain('<th scope="col"');
    // The link keeps its query string, escaped as an attribute.
    expect(mail.html).toContain('href="https://canal.example.cl/gestion?vencidos=1"');
    expect(mail.text).toContain(message.backOfficeUrl);
  });

  it('counts in the plural', () => {
    const many = renderMail(
      { ...message, items: message.items.map((i) => ({ ...i, overdue: true })) },
      brand,
    );
    expect(many.subject).toBe('Canal de denuncias – 2 plazos vencidos');
  });

  it('escapes every value in the HTML', () => {
    const hostile = renderMail(
      {
        ...message,
        items: [
          {
            caseNumber: 'CD-1"><b>',
            milestone: '<img src=x onerror=alert(1)>',
            dueDate: '<i>',
            overdue: true,
          },
        ],
      },
      brand,
    );
    expect(hostile.html).not.toMatch(/<img|<b>|<i>/);
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: [message.backOfficeUrl],
      dates: ['12-03-2026', '02-03-2026'],
      caseNumbers: ['CD-2026-00042', 'CD-2026-00017'],
    });
  });

  it('refuses an empty list', () => {
    expect(() => renderMail({ ...message, items: [] }, brand)).toThrow(/at least one/);
  });
});

describe('staff-invitation', () => {
  const message: MailMessage = {
    kind: 'staff-invitation',
    name: 'Paula Rojas',
    // The real link (back-office/staff/invitations.ts): the token travels in the fragment.
    inviteUrl: webUrl('https://canal.example.cl', webPaths.staffActivate('k7Tq_tok3n')),
    expiresHours: 48,
  };
  const mail = renderMail(message, brand);

  it('greets the invitee and links to the activation, valid for the given hours', () => {
    expect(mail.subject).toBe('Canal de denuncias – Invitación a la gestión de casos');
    expectNeutralSubject(mail.subject);
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('Hola, Paula Rojas:');
      expect(surface).toContain('La invitación vence en 48 horas y se puede usar una sola vez.');
      expect(surface).toContain('verificación en dos pasos');
      expect(surface).toContain('¿No esperaba esta invitación?');
    }
    expect(hrefs(mail.html)).toContain(message.inviteUrl);
    expect(mail.text).toContain(message.inviteUrl);
  });

  it('escapes the name', () => {
    const hostile = renderMail({ ...message, name: '<a href="https://evil.example">x</a>' }, brand);
    expect(hostile.html).not.toContain('<a href="https://evil.example"');
    expect(hostile.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
  });

  it('shows only the values it was given', () => {
    expectWellFormedHtml(mail);
    expectOnlyPassedValues(renderMail({ ...message, ...LEAKS } as MailMessage, brand), {
      urls: [message.inviteUrl],
    });
    expectOnlyValuesVary(
      message,
      { ...message, name: 'Jorge Muñoz', inviteUrl: 'https://o.example.cl/i/2', expiresHours: 72 },
      [
        ['Paula Rojas', 'Jorge Muñoz'],
        [message.inviteUrl, 'https://o.example.cl/i/2'],
        ['48 horas', '72 horas'],
      ],
    );
  });
});

describe('staff-audit-checkpoint', () => {
  const note =
    'canal.example.cl/auditoria\n1234\nI4rtlGXGJLyU0ovpTnsuFCXj3HvVpvpLsXgx6q73/eQ=\n' +
    'time 2026-11-28T00:02:16.278Z\n\n\u2014 canal.example.cl/auditoria ' +
    '0pU7Z4fyV/xjwjDgHcje8VfkIH3546lc7Y6Psps40YGIE2Aa1CX//ibOJ5YZk/a6cypFyBUkFM6MftPcgNkjZqmPcgU=\n';
  const message: MailMessage = {
    kind: 'staff-audit-checkpoint',
    checkpoint: note,
    size: 1234,
    issuedAt: '2026-11-28T00:02:16.278Z',
  };

  it('carries the signed note whole, its size and day, and no case or person', () => {
    const mail = renderMail(message, brand);
    expect(mail.subject).toBe('Canal de denuncias – Punto de control del registro de auditoría');
    expectNeutralSubject(mail.subject);
    expect(mail.text).toContain(note.trim());
    for (const surface of [visible(mail.html), mail.text]) {
      expect(surface).toContain('1234');
      expect(surface).toContain('27-11-2026');
      expect(surface).toContain('npm run audit:verify');
    }
  });

  it('refuses a note with control characters or out of bounds', () => {
    expect(() => renderMail({ ...message, checkpoint: `${note}\u0007` }, brand)).toThrow(
      RangeError,
    );
    expect(() => renderMail({ ...message, checkpoint: 'x'.repeat(2001) }, brand)).toThrow(
      RangeError,
    );
    expect(() => renderMail({ ...message, size: -1 }, brand)).toThrow(RangeError);
  });
});

describe('every kind', () => {
  const confirmation: MailMessage = {
    kind: 'confirmation',
    ticket: 123456789012,
    createdAt: new Date('2026-03-05T15:00:00Z'),
    portalUrl: 'https://canal.example.cl/',
  };

  it('escapes the brand and refuses colours that are not plain hex', () => {
    const mail = renderMail(confirmation, {
      name: 'Clínica <b>Sur</b> & Cía',
      nameWithArticle: 'la Clínica <b>Sur</b> & Cía',
      primaryColor: 'red;background-image:url(https://evil.example/x.png)',
      textColor: 'expression(alert(1))',
      backgroundColor: '#fff"><script>',
    });
    expect(mail.html).not.toMatch(/<b>|<script|evil\.example|expression/);
    expect(mail.html).toContain('Clínica &lt;b&gt;Sur&lt;/b&gt; &amp; Cía');
    expect(mail.html).toContain('bgcolor="#1f4e79"');
  });

  it('contracts "de el" into "del"', () => {
    const mail = renderMail(confirmation, {
      ...brand,
      name: 'Centro Médico',
      nameWithArticle: 'el Centro Médico',
    });
    expect(mail.text).toContain('en el canal de denuncias del Centro Médico.');
  });

  it('picks dark header text on a light primary colour', () => {
    const mail = renderMail(confirmation, { ...brand, primaryColor: '#ffd54f' });
    expect(mail.html).toMatch(/text-transform:uppercase;color:#111111">Canal de denuncias/);
  });

  it('keeps control characters out of the subject', () => {
    const mail = renderMail(
      {
        kind: 'staff-new-activity',
        caseNumber: 'CD-1\r\nBcc: x@example.cl',
        activity: 'archivos',
        backOfficeUrl: 'https://canal.example.cl/gestion',
      },
      brand,
    );
    expect(mail.subject).toBe(
      'Canal de denuncias – Nueva actividad en el caso CD-1 Bcc: x@example.cl',
    );
  });

  it('refuses links that are not absolute http(s)', () => {
    for (const portalUrl of ['javascript:alert(1)', '/detalle', 'data:text/html,x']) {
      expect(() => renderMail({ ...confirmation, portalUrl }, brand)).toThrow(/http\(s\) URL/);
    }
  });

  it('refuses a ticket that is not a positive integer and an invalid date', () => {
    expect(() => renderMail({ ...confirmation, ticket: 1.5 }, brand)).toThrow(/ticket/);
    expect(() => renderMail({ ...confirmation, createdAt: new Date('x') }, brand)).toThrow(/date/);
  });
});

describe('form of address', () => {
  const PORTAL = 'https://canal.example.cl/';
  const BACK_OFFICE = 'https://canal.example.cl/gestion';
  // One message of every kind, with the variants that add text (Law 21.643, "Faltan antecedentes",
  // closing, several codes, overdue and due items, failed mails).
  const EVERY_KIND: MailMessage[] = [
    { kind: 'confirmation', ticket: 123456789012, createdAt: new Date(), portalUrl: PORTAL },
    {
      kind: 'code-recovery',
      complaints: [{ ticket: 123456789012, createdAt: new Date() }],
      portalUrl: PORTAL,
    },
    {
      kind: 'code-recovery',
      complaints: [
        { ticket: 123456789012, createdAt: new Date() },
        { ticket: 223456789012, createdAt: new Date() },
      ],
      portalUrl: PORTAL,
    },
    { kind: 'password-reset', ticket: 123456789012, resetUrl: PORTAL, expiresMinutes: 30 },
    ...['Faltan antecedentes', 'Cerrada', 'En investigación'].map((status): MailMessage => ({
      kind: 'complainant-update',
      ticket: 123456789012,
      status,
      portalUrl: PORTAL,
    })),
    ...(['comentario', 'archivos', 'solicitud_reemplazo'] as const).map(
      (activity): MailMessage => ({
        kind: 'staff-new-activity',
        caseNumber: 'CD-2026-00001',
        activity,
        backOfficeUrl: BACK_OFFICE,
      }),
    ),
    {
      kind: 'staff-new-complaint',
      caseNumber: 'CD-2026-00001',
      protectiveMeasuresDue: '2026-03-02',
      backOfficeUrl: BACK_OFFICE,
    },
    {
      kind: 'staff-deadlines',
      items: [
        { caseNumber: 'CD-2026-00001', milestone: 'Cierre', dueDate: '02-03-2026', overdue: true },
        { caseNumber: 'CD-2026-00002', milestone: 'Cierre', dueDate: '09-03-2026', overdue: false },
      ],
      backOfficeUrl: BACK_OFFICE,
    },
    { kind: 'staff-invitation', name: 'Ana', inviteUrl: BACK_OFFICE, expiresHours: 72 },
    { kind: 'staff-new-device', device: 'Chrome 131 en Windows 10', sessionsUrl: BACK_OFFICE },
    { kind: 'staff-passkeys-reset', signInUrl: BACK_OFFICE },
    {
      kind: 'staff-admin-digest',
      auditHead: { id: 7, hash: 'a'.repeat(64) },
      failedMails: 2,
      backOfficeUrl: BACK_OFFICE,
    },
    {
      kind: 'staff-mail-failed',
      mailKind: 'confirmation',
      attempts: 8,
      backOfficeUrl: BACK_OFFICE,
    },
    {
      kind: 'staff-audit-checkpoint',
      checkpoint: 'canal.example.cl/auditoria\n1\nAAAA\ntime 2026-01-01T00:00:00.000Z\n',
      size: 1,
      issuedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  /**
   * Words only the tú form uses ("tu denuncia", "puedes", "creaste", "guárdalo"…); not its
   * imperatives that read as the third person too ("revisa", "usa").
   */
  const TU =
    /\b(tu|tus|te|ti|contigo|puedes|podrás|tienes|debes|quieres|recibirás|recuerdas|olvidas|olvidaste|creaste|pediste|fuiste|esperabas|guárdalo|compartas|respondas|comunicarte|reenvíes)\b/i;

  it.each(EVERY_KIND.map((m) => [m.kind, m] as const))(
    '%s addresses the person as usted (issue 22)',
    (_kind, message) => {
      const mail = renderMail(message, brand);
      for (const surface of surfaces(mail)) expect(surface).not.toMatch(TU);
    },
  );
});
