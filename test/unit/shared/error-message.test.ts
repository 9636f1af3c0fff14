// errorMessage words any thrown value: an Error by its message, anything else as text.
import { describe, expect, it } from 'vitest';
import { errorMessage } from '#shared/error-message.ts';

describe('errorMessage', () => {
  it('gives an Error’s message, also of a subclass', () => {
    expect(errorMessage(new Error('disk I/O error'))).toBe('disk I/O error');
    expect(errorMessage(new TypeError('not a function'))).toBe('not a function');
  });

  it('gives anything else thrown as text', () => {
    expect(errorMessage('plain words')).toBe('plain words');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ code: 'EACCES' })).toBe('[object Object]');
  });
});
