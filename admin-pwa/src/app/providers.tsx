// App-wide effects and UI that live outside the routes: session restore, outbox replay when the
// connection returns, the toasts and the update prompt.
import { useEffect, type ReactNode } from 'react';
import './operations.ts';
import { pruneSent, recoverInterrupted, replayOutbox } from '../db/outbox.ts';
import { reconnectSession, restoreSession, session } from '../lib/session.ts';
import { applyTheme } from '../lib/theme.ts';
import { applyLang } from '../lib/i18n.ts';
import { isOnline, onAnsweredAgain } from '../lib/online.ts';
import { Toaster } from '../components/toaster.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

async function whenOnline() {
  await reconnectSession();
  if (session.get().status === 'signed-in') await replayOutbox();
}

export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => {
    applyTheme();
    applyLang();
    void (async () => {
      await recoverInterrupted().catch(() => {});
      await pruneSent().catch(() => {});
      await restoreSession();
      if (isOnline()) await whenOnline();
    })();
    const onOnline = () => void whenOnline();
    window.addEventListener('online', onOnline);
    const stopAnswered = onAnsweredAgain(onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      stopAnswered();
    };
  }, []);
  return (
    <>
      {children}
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
