import sharp from "sharp";

/** A JPEG drawn from SVG markup: a picture a client's phone could send, made in the test itself. */
export const jpegFromSvg = (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).jpeg().toBuffer();
