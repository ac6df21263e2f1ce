import { describe, expect, it } from 'vitest';
import { roomAddressProblem, roomAddressWarning } from './roomAddress';

describe('roomAddressProblem', () => {
  it('says an address only this computer opens is one', () => {
    for (const address of [
      'http://localhost:5173/#view=train',
      'https://localhost/',
      'http://LOCALHOST:4173/',
      'http://app.localhost:5173/',
      'http://127.0.0.1:4173/',
      'http://127.1.2.3/',
      'http://[::1]:5173/',
      'http://0.0.0.0:5173/',
      'file:///home/teacher/dist/index.html',
    ]) {
      expect(roomAddressProblem(address), address).toBe('localhost');
    }
  });

  it('says plain http on a network address hides WebGPU, the camera and threads', () => {
    for (const address of ['http://192.168.1.23:5173/#lesson=race', 'http://10.0.0.5/', 'http://classroom.local:8080/app/', 'http://example.org/playground/', 'http://128.0.0.1/']) {
      expect(roomAddressProblem(address), address).toBe('insecure');
    }
  });

  it('finds nothing wrong with https on another host, at any path', () => {
    for (const address of ['https://192.168.1.23:4443/', 'https://example.org/some/where/#view=lab', 'https://teacher.github.io/gpu-playground/']) {
      expect(roomAddressProblem(address), address).toBeNull();
    }
  });

  it('leaves something that is no address to the dialog', () => {
    expect(roomAddressProblem('not a link')).toBeNull();
  });
});

describe('roomAddressWarning', () => {
  it('says it in both languages, naming the address and the command that fixes it', async () => {
    await import('../i18n/loadAllCatalogs');
    const { Translator } = await import('../i18n/translator');
    const en = new Translator('en');
    const zh = new Translator('zh-CN');
    const local = roomAddressWarning('http://localhost:5173/#lesson=race');
    const insecure = roomAddressWarning('http://192.168.1.23:5173/');
    expect(local && en.say(local)).toMatch(/^Other devices cannot open this address \(localhost:5173 .*npm run room/);
    expect(insecure && en.say(insecure)).toMatch(/^Students’ browsers will hide WebGPU, the camera and threads on http: use an https address/);
    expect(local && zh.say(local)).toContain('其他设备打不开这个地址');
    expect(insecure && zh.say(insecure)).toContain('学生的浏览器会隐藏');
    expect(roomAddressWarning('https://teacher.github.io/gpu-playground/')).toBeNull();
  });
});
