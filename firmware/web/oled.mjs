// The OLED drawn pixel for pixel from the real framebuf: the buffer of py/ssd1306.py's
// SSD1306_I2C, which hw_esp32 draws into with framebuf's own text() and shows as the board does.
// The buffer is framebuf.MONO_VLSB, as the SSD1306 takes it: byte page * width + x holds the
// column of 8 pixels at x, rows 8 * page to 8 * page + 7, the lowest bit on top.
// The canvas has one pixel per OLED pixel; CSS scales it up without smoothing.

export const INK = [230, 235, 255]; // a lit pixel (the terminal's OLED_INK)
export const GLASS = [0, 0, 0];

/** Whether OLED pixel (x, y) is lit in a MONO_VLSB buffer of the given width. */
export function pixelLit(buffer, width, x, y) {
  return (buffer[(y >> 3) * width + x] >> (y & 7)) & 1;
}

export class Oled {
  constructor(canvas, width, height) {
    this.canvas = canvas;
    canvas.width = width;
    canvas.height = height;
    this.width = width;
    this.height = height;
    this.ctx = canvas.getContext("2d");
    this.image = this.ctx.createImageData(width, height);
  }

  draw(buffer) {
    const { width, height } = this;
    const data = this.image.data;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const colour = pixelLit(buffer, width, x, y) ? INK : GLASS;
        const at = 4 * (y * width + x);
        data[at] = colour[0];
        data[at + 1] = colour[1];
        data[at + 2] = colour[2];
        data[at + 3] = 255;
      }
    }
    this.ctx.putImageData(this.image, 0, 0);
  }
}
