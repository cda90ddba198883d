import { HEAD_OFFICE } from '@canal/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../../lib/api/ApiProvider';
import { BrandProvider } from '../../../lib/brand/BrandProvider';
import { makeDetail, sampleFiles } from '../../../test/follow-up';
import { DownloadSummaryButton, PDF_FAILED_MESSAGE } from './DownloadSummaryButton';

const download = vi.hoisted(() => ({ downloadSummaryPdf: vi.fn(async () => {}) }));
vi.mock('./download', () => download);

afterEach(() => {
  vi.clearAllMocks();
});

function renderButton() {
  render(
    <ApiProvider organizationId={HEAD_OFFICE.id}>
      <BrandProvider organization={HEAD_OFFICE}>
        <DownloadSummaryButton detail={makeDetail()} files={sampleFiles} />
      </BrandProvider>
    </ApiProvider>,
  );
}

describe('DownloadSummaryButton', () => {
  it('builds the summary on click, with the API client that seals it and the organisation', async () => {
    const user = userEvent.setup();
    renderButton();
    expect(download.downloadSummaryPdf).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Descargar pdf' }));
    await waitFor(() => expect(download.downloadSummaryPdf).toHaveBeenCalledTimes(1));
    expect(download.downloadSummaryPdf).toHaveBeenCalledWith(
      expect.objectContaining({ organizationId: HEAD_OFFICE.id }),
      makeDetail(),
      sampleFiles,
      HEAD_OFFICE,
    );
    expect(await screen.findByRole('button', { name: 'Descargar pdf' })).toBeEnabled();
  });

  it('says so when the PDF cannot be built', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    download.downloadSummaryPdf.mockRejectedValueOnce(new Error('sin memoria'));
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Descargar pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_FAILED_MESSAGE);
  });
});
