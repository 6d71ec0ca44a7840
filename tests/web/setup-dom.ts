/**
 * The dom project's setup: jest-dom matchers, the browser APIs jsdom lacks that Mantine calls (matchMedia for
 * color scheme and breakpoints, ResizeObserver for floating elements, scrollIntoView for combobox), and a strict
 * console: a test that makes React, rjsf or Mantine write console.error or console.warn fails (as epic-stack's
 * setup does), so a warning is fixed where it comes from instead of scrolling past. A test that expects such
 * output spies on the console itself (vi.spyOn(console, 'error').mockImplementation(...)), which replaces this.
 * The engine compiles schemas at run time with Ajv here: the documents the tests serve name no validators compiled
 * ahead (the browser's CSP case is the e2e test's).
 */
import '@testing-library/jest-dom/vitest';
// The product configures the engine as the server does (its annotation, patterns and password_score operation).
import '#product/compile-setup.ts';
import '#product/engine-setup.ts';
import { compileWithAjv } from '#engine/compile/index.ts';
import { installPasswordScorer } from '#product/index.ts';
import { installRuntimeCompiler } from '#engine/runtime/index.ts';
import { zxcvbnScore } from '#product/zxcvbn-score.ts';
import { dropPendingDrafts } from '#engine/react/drafts.ts';
import { loadCatalogue } from '#portal/messages.ts';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { mediaQueryList } from './media-query.ts';

// A screen's chunk (and the engine's) is imported on first render; on a busy machine that takes more than the
// library's default second. findBy* waits up to this long for what a person would see: a bound, not a timing.
configure({ asyncUtilTimeout: 5000 });

// Screens read the catalogue of the page's language, English here, as the browser's entry loads it before them.
await loadCatalogue('en');

installRuntimeCompiler(compileWithAjv);
// Forms rendered directly (without useDocument, which loads it as the browser does) score passwords too.
installPasswordScorer(zxcvbnScore);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

let consoleOutput: string[] = [];

/** A fresh tab for each test: its storage empty, and no draft of the last test still waiting to be written into it. */
function clearTab(): void {
  dropPendingDrafts();
  sessionStorage.clear();
}

beforeEach(() => {
  clearTab();
  consoleOutput = [];
  for (const level of ['error', 'warn'] as const) {
    const original = console[level];
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      original(...args);
      consoleOutput.push(`console.${level}: ${format(...args)}`);
    });
  }
});

afterEach(() => {
  cleanup();
  clearTab();
  vi.restoreAllMocks();
  const output = consoleOutput;
  consoleOutput = [];
  if (output.length > 0) throw new Error(`The test wrote to the console:\n${output.join('\n')}`);
});
