import { describe, expect, it } from 'vitest';
import { compileAccessAnswer, WITHHELD_FOR_OTHERS, type AccessCase } from './access-answer';

const CASE: AccessCase = {
  category: 'Ley Karin',
  type: 'Acoso laboral',
  status: 'En investigación',
  year: 2026,
  accused: { nombre: 'Rodrigo Castañeda Vial', cargo: 'Jefe de turno' },
};

describe('the access answer’s rule set', () => {
  it('tells the accused how they are recorded, and withholds everything that points to the reporter', () => {
    const answer = compileAccessAnswer('denunciado', [CASE]);
    expect(answer.texto).toContain('Rodrigo Castañeda Vial, Jefe de turno');
    expect(answer.texto).toContain('2026');
    expect(answer.retenido).toEqual(WITHHELD_FOR_OTHERS);
  });

  it('never gives a witness or anyone else the accused person’s identity', () => {
    for (const who of ['testigo', 'otro'] as const) {
      const answer = compileAccessAnswer(who, [CASE]);
      expect(JSON.stringify(answer)).not.toContain('Castañeda');
      expect(JSON.stringify(answer)).not.toContain('Jefe de turno');
      expect(answer.retenido).toEqual(WITHHELD_FOR_OTHERS);
    }
  });

  it('says so when no case is linked, and points the complainant to their own copy', () => {
    expect(compileAccessAnswer('otro', []).texto).toContain(
      'El canal no registra datos suyos en los casos revisados.',
    );
    const own = compileAccessAnswer('denunciante', [CASE]);
    expect(own.texto).toContain('Descargar mis datos');
    expect(own.retenido.map((w) => w.dato)).toEqual(['Notas internas del equipo investigador']);
  });
});
