/**
 * The little of pngjs (a dependency of qrcode, used only by tests here to make and decode PNG files)
 * that the tests call.
 */
declare module 'pngjs' {
  interface PngOptions {
    width?: number;
    height?: number;
    /** 0 gray, 2 RGB, 4 gray + alpha, 6 RGBA (written); the input data is RGBA. */
    colorType?: number;
    inputColorType?: number;
  }
  export class PNG {
    constructor(options?: PngOptions);
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8Array;
    static sync: {
      read(buffer: Uint8Array): PNG;
      write(png: PNG, options?: PngOptions): Uint8Array;
    };
  }
}
