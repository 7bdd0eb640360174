import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazySwitcherMenu, preloadSwitcherMenu } from '../../src/components/LazySwitcherMenu';
import { chunk, useChunk } from '../../src/components/useChunk';
import { lazyComponent } from '../../src/routing/lazyComponent';

/**
 * Code-split parts render in the same pass once their chunk is in. React.lazy suspends on its
 * first render even then, and React 19 reveals a suspended boundary no sooner than 300 ms after
 * its fallback showed, which held every level of a page load (and the language menu) back.
 */
const page = () => Promise.resolve({ default: () => <p>the screen</p> });

describe('lazyComponent', () => {
  it('renders a preloaded screen at once, where React.lazy shows its fallback first', async () => {
    const Screen = lazyComponent(page);
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();

    // The behaviour it replaces, with the same chunk already resolved: the fallback shows first.
    const Lazy = lazy(page);
    await page();
    const { container } = render(
      <Suspense fallback={<p>lazy loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(container.textContent).toBe('lazy loading');
  });

  it('suspends like React.lazy while the chunk is on its way, loading it once', async () => {
    let loads = 0;
    type Module = { default: ComponentType };
    let arrive: (m: Module) => void = () => undefined;
    const Screen = lazyComponent(() => {
      loads++;
      return new Promise<Module>((resolve) => (arrive = resolve));
    });
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Screen />
        </Suspense>,
      );
    });
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive({ default: () => <p>arrived</p> }));
    expect(await screen.findByText('arrived')).toBeTruthy();
    void Screen.preload();
    expect(loads).toBe(1);
  });
});

describe('useChunk', () => {
  function Icon({ of }: { of: ReturnType<typeof chunk<{ label: string }>> }) {
    return <span>{useChunk(of)?.label ?? 'fallback'}</span>;
  }

  it('shows what it has meanwhile, then the module, with no Suspense boundary', async () => {
    const of = chunk(() => Promise.resolve({ label: 'the icon' }));
    render(<Icon of={of} />);
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(await screen.findByText('the icon')).toBeTruthy();
    // A loaded chunk renders in the first pass.
    render(<Icon of={of} />);
    expect(screen.getAllByText('the icon')).toHaveLength(2);
  });

  it('opens a preloaded switcher menu in the render that opens it', async () => {
    preloadSwitcherMenu();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await import('../../src/components/SwitcherMenu');
    const anchor = document.createElement('button');
    document.body.append(anchor);
    const items = [{ key: 'da', label: 'Dansk', lang: 'da', selected: false }];
    render(<LazySwitcherMenu id="menu" anchorEl={anchor} onClose={() => undefined} onSelect={() => undefined} items={items} />);
    expect(screen.getByRole('menuitem', { name: 'Dansk' })).toBeTruthy();
  });
});
