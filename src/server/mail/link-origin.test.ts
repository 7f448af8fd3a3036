import { describe, expect, it } from 'vitest';
import { linkOrigin } from './link-origin.js';

const local = { publicUrl: null, port: 5123 };

describe('link origin', () => {
  it('is PUBLIC_URL whenever it is set, whatever the request said', () => {
    const config = { publicUrl: 'https://app.example.com', port: 5123 };
    expect(linkOrigin(config, 'http://evil.example')).toBe('https://app.example.com');
    expect(linkOrigin(config, 'http://localhost:5123')).toBe('https://app.example.com');
    expect(linkOrigin(config)).toBe('https://app.example.com');
  });

  it.each([
    ['http://localhost:5123', 'http://localhost:5123'],
    ['http://LOCALHOST:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:5123', 'http://127.0.0.1:5123'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['http://[::1]:5000', 'http://[::1]:5000'],
  ])('keeps a loopback request origin %s without PUBLIC_URL', (candidate, expected) => {
    expect(linkOrigin(local, candidate)).toBe(expected);
  });

  it.each([
    'http://evil.example',
    'http://evil.example:5123',
    'http://localhost.evil.example',
    'http://127.0.0.1.evil.example',
    'http://10.0.0.1:5123',
    'http://[::2]:5000',
    'javascript://localhost',
    'http://',
    'not a url',
    '',
  ])('falls back to http://localhost:PORT for the non-loopback origin %s', (candidate) => {
    expect(linkOrigin(local, candidate)).toBe('http://localhost:5123');
  });

  it('is http://localhost:PORT for background work without PUBLIC_URL', () => {
    expect(linkOrigin(local)).toBe('http://localhost:5123');
  });
});
