// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One form of address, usted, on every screen of the portal and the back office (issue 22,
 * CODE_STYLE.md "Names and language"). The spec's own texts in tú stay word for word.
 */
const SPEC_TEXTS = [
  'Selecciona el tipo de denuncia que quieres ingresar',
  'Tu denuncia fue ingresada con éxito',
  'Estamos buscando el código de tu denuncia',
  'Estamos buscando la contraseña de tu denuncia',
  'Te ayudamos',
];

/**
 * Words only the tú form uses ("tu denuncia", "puedes", "escribiste", "arrastra tus"…); not its
 * imperatives that read as the third person too ("revisa", "guarda").
 */
const TU =
  /\b(tu|tus|te|ti|contigo|puedes|podrás|tienes|debes|quieres|recibes|ves|sales|recibirás|olvidaste|escribiste|registraste|creaste|ingresaste|pediste|fuiste|suelta|arrastra|agenda tu|ingresa el|guárdalo|compartas)\b/gi;

const src = path.resolve(import.meta.dirname, '../..');

/**
 * The source without its comments (in English, and they may quote a spec text) nor the names of
 * the modules it imports (a package's name, such as `tus-js-client`, is no text a person reads).
 */
const withoutComments = (code: string) =>
  code
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[\s;{}()])\/\/.*$/gm, '$1')
    .replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])[^'"]*\2/g, '$1$2$2');

describe('form of address', () => {
  it('is usted in every text of the web app but the spec’s own', () => {
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`test${path.sep}`),
    );
    const found = files.flatMap((f) => {
      let code = withoutComments(readFileSync(path.join(src, f), 'utf8'));
      for (const text of SPEC_TEXTS) code = code.split(text).join(' ');
      return [...code.matchAll(TU)].map((m) => `${f}: ${m[0]}`);
    });
    expect(found).toEqual([]);
  });
});
