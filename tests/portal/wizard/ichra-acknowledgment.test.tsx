import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IchraAcknowledgmentScreen } from '#portal/wizard/ichra-acknowledgment-screen.tsx';
import { baseForm, documentHandlers, mockApi, ok, signIn, type Handler } from '../../web/layout/test-app.tsx';
import { renderStep } from './step-harness.tsx';

const DOCS_PATH = '/api/media/getdocs?containerName=ichra-documents&folderName=Acme%20Benefits%20Demo';
const certification = (baseForm('ichra-acknowledgment').schema.properties as Record<string, { title: string }>).ichracertified!.title;

const documents = [
  { name: 'ICHRA Notice to Employees', filename: 'ICHRA Notice to Employees.pdf', url: '/api/media/file/ichra-documents/acct/ICHRA%20Notice%20to%20Employees.pdf?member=m&expires=1&signature=a' },
  { name: 'ICHRA Plan Document', filename: 'ICHRA Plan Document.pdf', url: '/api/media/file/ichra-documents/acct/ICHRA%20Plan%20Document.pdf?member=m&expires=1&signature=b' },
];

function setup(extra: Record<string, Handler> = {}) {
  signIn();
  return mockApi({ ...documentHandlers(), [`GET ${DOCS_PATH}`]: ok({ documents }), ...extra });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ICHRA Acknowledgment', () => {
  it("lists the employer's documents as links named from their files, opening in a new tab", async () => {
    const requests = setup();
    const harness = renderStep('ichra-acknowledgment', IchraAcknowledgmentScreen);
    expect(await screen.findByRole('heading', { name: 'ICHRA Acknowledgment' })).toBeInTheDocument();
    const plan = await screen.findByRole('link', { name: 'ICHRA Plan Document' });
    expect(plan).toHaveAttribute('href', documents[1]!.url);
    expect(plan).toHaveAttribute('target', '_blank');
    expect(plan).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'ICHRA Notice to Employees' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'GET' && r.path === DOCS_PATH)).toBe(true);
    expect(harness.logged).toEqual(['ENTERED ICHRA ACKNOWLEDGEMENT']);
  });

  it("says 'No ICHRA Documents Found' when the employer has none", async () => {
    setup({ [`GET ${DOCS_PATH}`]: ok({ documents: [] }) });
    renderStep('ichra-acknowledgment', IchraAcknowledgmentScreen);
    expect(await screen.findByText('No ICHRA Documents Found')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("asks for the certification ('Please Acknowledge the Checkbox.'), then goes on and logs the completion", async () => {
    setup();
    const harness = renderStep('ichra-acknowledgment', IchraAcknowledgmentScreen);
    await screen.findByRole('link', { name: 'ICHRA Plan Document' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please Acknowledge the Checkbox.')).toBeInTheDocument();
    expect(harness.next).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: certification }));
    await waitFor(() => expect(screen.queryByText('Please Acknowledge the Checkbox.')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(harness.next).toHaveBeenCalledTimes(1);
    // Kept with the wizard's choices: the cart sends it to Authorize as ichraacknowledged.
    expect(harness.choices().ichra).toEqual({ ichracertified: true });
    expect(harness.logged).toEqual(['ENTERED ICHRA ACKNOWLEDGEMENT', 'ICHRA DOC ACKNOWLEDGEMENT COMPLETED']);
  });
});
