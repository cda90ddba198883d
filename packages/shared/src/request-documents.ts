// "Solicitar antecedentes" (issue 11): the reply that asks the complainant for what is missing,
// sent with the status «Faltan antecedentes» so the portal opens its upload area.

/** The items staff typed, one a line; list markers and blank lines dropped. */
export function missingItems(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((line) => line !== '');
}

/** The text the complainant reads in their log: what is missing, and where to send it. */
export function requestDocumentsComment(items: readonly string[]): string {
  return [
    'Para continuar con la investigación necesitamos los siguientes antecedentes:',
    ...items.map((item) => `- ${item}`),
    '',
    'Puede adjuntarlos en el seguimiento de su denuncia, ingresando con su código y contraseña.',
  ].join('\n');
}
