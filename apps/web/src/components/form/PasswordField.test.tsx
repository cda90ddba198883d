import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './PasswordField';

/** Issue 22: every password field can be shown, with an accessible Spanish toggle. */
describe('PasswordField', () => {
  it('shows and hides what was typed with "Mostrar contraseña" / "Ocultar contraseña"', async () => {
    const user = userEvent.setup();
    render(
      <PasswordField label="Contraseña" hint="Mínimo 6 caracteres" autoComplete="new-password" />,
    );
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAccessibleDescription('Mínimo 6 caracteres');
    await user.type(input, 'Clave#2024');

    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Clave#2024');
    // Shown as text, a phone's keyboard must not change it nor the browser spell-check it.
    expect(input).toHaveAttribute('autocapitalize', 'off');
    expect(input).toHaveAttribute('autocorrect', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toHaveAttribute('autocomplete', 'new-password');

    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
  });

  it('marks the input invalid and announces its error', () => {
    render(<PasswordField label="Contraseña" error="* Las contraseñas deben coincidir." />);
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('* Las contraseñas deben coincidir.');
  });

  it('is the only password input of the portal and the back office', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.tsx') && !f.includes('.test.') && !f.startsWith(`test${path.sep}`),
    );
    const plain = files.filter(
      (f) =>
        !f.endsWith(path.join('form', 'PasswordField.tsx')) &&
        /type=["{']+password/.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(plain).toEqual([]);
  });
});
