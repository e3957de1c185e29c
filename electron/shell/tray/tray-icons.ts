import { nativeImage, type NativeImage } from 'electron';
import { drawIcon, type IconBadge } from '../icons/draw-icon';
import { encodePng } from '../icons/png';

/** An image with 1× and 2× representations of the icon drawn at `size` points. */
export function iconImage(size: number, badge: IconBadge): NativeImage {
  const image = nativeImage.createEmpty();
  for (const scaleFactor of [1, 2]) {
    const pixels = size * scaleFactor;
    image.addRepresentation({ scaleFactor, width: pixels, height: pixels, buffer: encodePng(pixels, pixels, drawIcon(pixels, badge)) });
  }
  return image;
}
