import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseFile } from '../api/cases/case';
import { CaseFiles } from './CaseFiles';

const file = (id: string, name: string, mimeType: string): CaseFile => ({
  id,
  name,
  mimeType,
  size: 2048,
  date: '2026-03-02T12:00:00.000Z',
  url: `/v1/gestion/casos/7/archivos/${id}`,
  fromTeam: name === 'acta.pdf',
});

const FILES = [
  file('f1', 'foto.jpg', 'image/jpeg'),
  file('f2', 'acta.pdf', 'application/pdf'),
  file('f3', 'video.mp4', 'video/mp4'),
  file(
    'f4',
    'informe.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ),
];

describe('the case files and their viewer', () => {
  it('offers the viewer for images and PDFs only; every file still downloads', () => {
    render(<CaseFiles caseId={7} files={FILES} />);
    for (const f of FILES)
      expect(screen.getByRole('link', { name: f.name })).toHaveAttribute('href', f.url);
    expect(screen.getByRole('link', { name: 'Ver foto.jpg' })).toHaveAttribute(
      'href',
      '/v1/gestion/casos/7/archivos/f1/vista',
    );
    expect(screen.getByRole('link', { name: 'Ver acta.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver video.mp4' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver informe.docx' })).not.toBeInTheDocument();
    // The team's file says so; the complainant's do not.
    expect(screen.getAllByText(/enviado por el equipo/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'acta.pdf' }).closest('li')).toHaveTextContent(
      'enviado por el equipo',
    );
  });

  it('shows an image in an <img> from the inline route, in a dialog that closes', async () => {
    const user = userEvent.setup();
    render(<CaseFiles caseId={7} files={FILES} />);
    await user.click(screen.getByRole('link', { name: 'Ver foto.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'foto.jpg' });
    const img = within(dialog).getByRole('img', { name: 'Vista del archivo foto.jpg' });
    expect(img).toHaveAttribute('src', '/v1/gestion/casos/7/archivos/f1/vista');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(within(dialog).getByRole('link', { name: 'Descargar' })).toHaveAttribute(
      'href',
      '/v1/gestion/casos/7/archivos/f1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a PDF in a frame of the inline route (its answer sandboxes itself)', async () => {
    const user = userEvent.setup();
    render(<CaseFiles caseId={7} files={FILES} />);
    await user.click(screen.getByRole('link', { name: 'Ver acta.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'acta.pdf' });
    const frame = within(dialog).getByTitle('Vista del archivo acta.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/v1/gestion/casos/7/archivos/f2/vista');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });
});
