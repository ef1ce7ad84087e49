// Session warning timing (public-site section 4): checked every 30 s, shown when 5 minutes or fewer
// remain (and more than 0), extendable ('Impossible d'étendre la session' on failure) and dismissable.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toaster.tsx';
import { setAdminLang } from '../../lib/i18n.ts';
import { toasts } from '../../lib/toast.ts';
import { session as specSession } from '../../../../tests/fixtures/spec-texts.ts';
import { SessionWarning } from './session-warning.tsx';

const MIN = 60_000;
let expiresAt: number;
let checks: number;
const check = async () => {
  checks++;
  return expiresAt;
};

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const warning = () => screen.queryByText('Session bientôt expirée');

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
  checks = 0;
  toasts.set([]);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session warning', () => {
  it('checks every 30 seconds and warns once 5 minutes or fewer remain', async () => {
    expiresAt = Date.now() + 6 * MIN;
    render(
      <>
        <SessionWarning check={check} extend={async () => {}} />
        <Toaster />
      </>,
    );
    await advance(0);
    expect(checks).toBe(1);
    expect(warning()).toBeNull();
    await advance(30_000); // 5 min 30 s left
    expect(checks).toBe(2);
    expect(warning()).toBeNull();
    await advance(30_000); // exactly 5 min left
    expect(checks).toBe(3);
    expect(warning()).not.toBeNull();
    expect(screen.getByText('Votre session expire dans 5 minutes.')).toBeTruthy();
  });

  it('does not warn when nothing or more than 5 minutes remain', async () => {
    expiresAt = Date.now() + 5 * MIN + 1000;
    render(
      <>
        <SessionWarning check={check} extend={async () => {}} />
        <Toaster />
      </>,
    );
    await advance(0);
    expect(warning()).toBeNull();
  });

  it('extends the session and removes the warning', async () => {
    expiresAt = Date.now() + 2 * MIN;
    const extend = vi.fn(async () => {
      expiresAt = Date.now() + 60 * MIN;
    });
    render(
      <>
        <SessionWarning check={check} extend={extend} />
        <Toaster />
      </>,
    );
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Prolonger la session' }));
    await advance(0);
    expect(extend).toHaveBeenCalledOnce();
    expect(warning()).toBeNull();
    await advance(30_000);
    expect(warning()).toBeNull();
  });

  it("says 'Impossible d'étendre la session' when the extension fails", async () => {
    expiresAt = Date.now() + 2 * MIN;
    render(
      <>
        <SessionWarning
          check={check}
          extend={async () => {
            throw new Error('nope');
          }}
        />
        <Toaster />
      </>,
    );
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Prolonger la session' }));
    await advance(0);
    expect(screen.getByText(specSession.extendFailed.fr)).toBeTruthy();
  });

  it('stays dismissed for the same expiry after "Ignorer"', async () => {
    expiresAt = Date.now() + 4 * MIN;
    render(
      <>
        <SessionWarning check={check} extend={async () => {}} />
        <Toaster />
      </>,
    );
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ignorer' }));
    expect(warning()).toBeNull();
    await advance(30_000);
    await advance(30_000);
    expect(checks).toBe(3);
    expect(warning()).toBeNull();
  });
});

describe('session warning in English', () => {
  afterEach(() => setAdminLang('fr'));

  it('warns, counts the minutes and offers its actions in English', async () => {
    setAdminLang('en');
    expiresAt = Date.now() + 2 * MIN;
    render(
      <>
        <SessionWarning check={check} extend={async () => Promise.reject(new Error('down'))} />
        <Toaster />
      </>,
    );
    await advance(0);
    expect(screen.getByText('Session expiring soon')).toBeTruthy();
    expect(screen.getByText('Your session expires in 2 minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Extend the session' }));
    await advance(0);
    expect(screen.getByText('The session could not be extended')).toBeTruthy();
    expect(screen.queryByText(specSession.extendFailed.fr)).toBeNull();
  });
});
