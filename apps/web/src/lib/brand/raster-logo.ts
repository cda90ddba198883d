export interface RasterLogo {
  /** `data:image/png;base64,…` */
  dataUrl: string;
  /** Size to draw it at (the PNG holds `scale` times as many pixels, so it stays sharp in print). */
  width: number;
  height: number;
}

/**
 * jsPDF embeds PNG or JPEG, not SVG: draw the PDF logo through an <img> onto a canvas at run time,
 * so the SVG stays the only logo file per organisation.
 */
export async function rasterize(
  { url, width, height }: { url: string; width: number; height: number },
  scale: number,
): Promise<RasterLogo> {
  const image = new Image(width, height);
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`No se pudo cargar el logo ${url}`));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('El navegador no permite dibujar el logo');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { dataUrl: canvas.toDataURL('image/png'), width, height };
}
