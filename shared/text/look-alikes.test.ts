import { describe, expect, it } from 'vitest';
import { foldLookAlikes, readingForm } from './look-alikes';

describe('readingForm', () => {
  it('folds Cyrillic and Greek look-alikes, compatibility forms, invisible characters and accents', () => {
    expect(foldLookAlikes('P\u0430ssword')).toBe('Password');
    expect(foldLookAlikes('\u03A1\u0391SS')).toBe('PASS');
    expect(readingForm('ｐａｓｓｗｏｒｄ')).toBe('password');
    expect(readingForm('𝐩𝐚𝐬𝐬𝐰𝐨𝐫𝐝')).toBe('password');
    expect(readingForm('pass\u200Bwo\u202Erd')).toBe('password');
    expect(readingForm('contraseña')).toBe('contrasena');
    expect(readingForm('apiKey')).toBe('apiKey');
  });

  it('drops what draws nothing (the Hangul fillers, after NFKC too) and reads the braille blank as a space', () => {
    expect(readingForm('pass\u3164word\uffa0')).toBe('password');
    expect(readingForm('\u115fkey\u1160')).toBe('key');
    expect(readingForm('api\u2800key')).toBe('api key');
    // A variation selector goes with the marks: the emoji reads as itself.
    expect(readingForm('❤\ufe0f')).toBe('❤');
  });
});
