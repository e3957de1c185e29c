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
});
