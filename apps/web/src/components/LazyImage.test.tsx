import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from './LazyImage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LazyImage', () => {
  it('waits until the image is within 200px of the viewport', () => {
    let callback: IntersectionObserverCallback = () => {};
    const options: IntersectionObserverInit[] = [];
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback, init: IntersectionObserverInit) {
          callback = cb;
          options.push(init);
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(<LazyImage src="/a.png" alt="A bottle" width={320} height={200} />);
    const img = screen.getByRole('img', { name: 'A bottle' });
    expect(img).not.toHaveAttribute('src');
    expect(img).toHaveAttribute('width', '320');
    expect(options[0]?.rootMargin).toBe('200px');

    act(() =>
      callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(img).toHaveAttribute('src', '/a.png');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(disconnect).toHaveBeenCalled();
  });

  it('loads at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<LazyImage src="/a.png" alt="" width={10} height={10} />);
    expect(document.querySelector('img')).toHaveAttribute('src', '/a.png');
  });
});
