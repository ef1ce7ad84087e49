import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, onAnsweredAgain, requestAnswered } from './online.ts';

describe('connectivity', () => {
  afterEach(() => requestAnswered(true));

  it('a request without an answer makes the app offline even while the browser says online, until one is answered again', () => {
    expect(navigator.onLine).toBe(true);
    const back = vi.fn();
    const stop = onAnsweredAgain(back);
    requestAnswered(false);
    expect(isOnline()).toBe(false);
    expect(back).not.toHaveBeenCalled();
    requestAnswered(true);
    expect(isOnline()).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    stop();
  });
});
