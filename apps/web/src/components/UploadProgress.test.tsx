import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import {
  FILE_DONE_MESSAGE,
  RESUMING_MESSAGE,
  UploadProgress,
  type FileProgress,
} from './UploadProgress';

const file = (name: string, fraction: number, more: Partial<FileProgress> = {}): FileProgress => ({
  name,
  fraction,
  done: false,
  resuming: false,
  ...more,
});

/** The list item of the file named `name`. */
const rowOf = (name: string) => screen.getByText(name).closest('li')!;

describe('UploadProgress (issue 21: progress per file)', () => {
  it('shows each file with its own bar named after it, and «Listo» on the finished one', () => {
    render(
      <UploadProgress
        value={0.55}
        resuming={false}
        files={[file('foto.jpg', 1, { done: true }), file('acta.pdf', 0.3)]}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Subiendo foto.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByRole('progressbar', { name: 'Subiendo acta.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(within(rowOf('foto.jpg')).getByText(FILE_DONE_MESSAGE)).toBeInTheDocument();
    expect(within(rowOf('acta.pdf')).queryByText(FILE_DONE_MESSAGE)).toBeNull();
    expect(screen.queryByText(RESUMING_MESSAGE)).toBeNull();
  });

  it('says «Reanudando…» on the file that waits to resume, not on the others', () => {
    render(
      <UploadProgress
        value={0.4}
        resuming
        files={[file('foto.jpg', 1, { done: true }), file('acta.pdf', 0.2, { resuming: true })]}
      />,
    );
    expect(within(rowOf('acta.pdf')).getByText(RESUMING_MESSAGE)).toBeInTheDocument();
    expect(within(rowOf('foto.jpg')).queryByText(RESUMING_MESSAGE)).toBeNull();
    // The one status line says it too, for a screen reader.
    expect(screen.getByRole('status')).toHaveTextContent(RESUMING_MESSAGE);
  });

  it('keeps ONE polite status line, announcing tenths of all the bytes, not each bar', () => {
    const files = [file('uno.pdf', 0.9), file('dos.pdf', 0.1), file('tres.pdf', 0)];
    const { rerender } = render(<UploadProgress value={0.37} resuming={false} files={files} />);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Subiendo archivos: 30 %');
    rerender(
      <UploadProgress value={0.39} resuming={false} files={files} label="Progreso de envío" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Progreso de envío: 30 %');
    // The bars are not live regions: only the status line speaks unasked.
    for (const bar of screen.getAllByRole('progressbar'))
      expect(bar.closest('[aria-live], [role="status"]')).toBeNull();
  });

  it('shows a long name whole (it wraps), and passes axe', async () => {
    const long = 'respaldo-de-la-denuncia-con-un-nombre-muy-largo-tomado-del-telefono-2026.pdf';
    const { container } = render(
      <UploadProgress value={0} resuming={false} files={[file(long, 0)]} />,
    );
    expect(screen.getByText(long)).toHaveClass('break-all');
    expect(screen.getByRole('progressbar', { name: `Subiendo ${long}` })).toBeInTheDocument();
    const { violations } = await axe.run(container);
    expect(violations).toEqual([]);
  });
});
