import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { FileDropzone, LazyFileDropzone } from './FileDropzone';

/** A caller as the spec wants it: accepted drops clear the message, rejected names set it. */
function Harness({ disabled }: { disabled?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <FileDropzone
        files={files}
        disabled={disabled}
        label="Adjuntar archivos"
        onChange={(next) => {
          setFiles(next);
          setError(null);
        }}
        onRejected={(names) => setError(MESSAGES.uploadRejected(names))}
      />
      {error && <p role="alert">{error}</p>}
    </>
  );
}

const pdf = (name: string, content = '%PDF-1.4') =>
  new File([content], name, { type: 'application/pdf' });

describe('FileDropzone', () => {
  it('lists the chosen files with their size and a remove button, without adding a name twice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = await screen.findByTestId('file-input');
    expect(screen.getByRole('button', { name: 'Seleccionar archivos' })).toBeEnabled();

    await user.upload(input, [pdf('informe.pdf', 'x'.repeat(1536)), pdf('acta.pdf')]);
    let list = screen.getByRole('list', { name: 'Archivos seleccionados' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['informe.pdf1.5 KBQuitar', 'acta.pdf8 bytesQuitar']);

    await user.upload(input, pdf('informe.pdf', 'otro contenido'));
    list = screen.getByRole('list', { name: 'Archivos seleccionados' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('1.5 KB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quitar informe.pdf' }));
    expect(
      within(screen.getByRole('list', { name: 'Archivos seleccionados' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('names the refused files and clears the message on the next accepted drop', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<LazyFileDropzoneHarness />);
    const input = await screen.findByTestId('file-input');
    await user.upload(input, [
      new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' }),
      pdf('ok.pdf'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Los siguientes archivos exceden el límite de 120MB o son inválidos: programa.exe',
    );
    expect(screen.getByText('ok.pdf')).toBeInTheDocument();

    await user.upload(input, pdf('otro.pdf'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('otro.pdf')).toBeInTheDocument();
  });

  it('can be disabled', async () => {
    render(<Harness disabled />);
    expect(await screen.findByRole('button', { name: 'Seleccionar archivos' })).toBeDisabled();
  });
});

function LazyFileDropzoneHarness() {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <LazyFileDropzone
        files={files}
        onChange={(next) => {
          setFiles(next);
          setError(null);
        }}
        onRejected={(names) => setError(MESSAGES.uploadRejected(names))}
      />
      {error && <p role="alert">{error}</p>}
    </>
  );
}
