import type { Page, Request, Response } from '@playwright/test';
import { navItems } from '../src/app/nav-items';

// The crawler of actions per role (issue 43, item 2): on every page of the navigation, and in the panel its
// first row opens (tab by tab), it triggers every kind of enabled control that may change something, sends the
// dialog or form it leads to with harmless valid input (or the defaults), and notes every console (BFF) answer
// that refuses the signed-in role for want of permission. What a role cannot do must not be offered enabled.
// The page is read in one evaluate per step (no locator waits on elements a re-render may have replaced).

/** Every page of the console, as the navigation lists them (whether the role's navigation shows it or not). */
export const CRAWL_PAGES: readonly string[] = navItems.flatMap((area) => area.items.map((item) => item.to));

/**
 * Controls the crawl leaves alone, each with the reason: what would end the crawl's own session, what waits for
 * a person, and what only moves the view. Everything else is triggered (the crawl runs on a stack of its own).
 */
export const SKIPPED_CONTROLS: readonly { name: RegExp; reason: string }[] = [
  { name: /^Sign out\b/, reason: "ends a session of the crawl's own user (the sessions list on My account)" },
  { name: /from the screen$/, reason: "opens the browser's eyedropper, which waits for a person to pick a colour" },
  { name: /^Copy\b/, reason: 'copies to the clipboard; changes nothing on any server' },
  { name: /^Close\b/, reason: 'closes the panel or dialog it is in; changes nothing' },
  { name: /^Discard\b/, reason: "throws away the page's own unsaved changes; changes nothing on any server" },
  {
    name: /^Select all\b/,
    reason: "selects every user, the crawl's own accounts too, for the bulk actions (one user is selected instead)",
  },
];

/** The words a refusal for want of permission comes with (the chat server's, the console's own). */
const PERMISSION_WORDS =
  /permission|not allowed|must be an organization|insufficient|only (organization )?(owners|administrators|moderators)|guests? (cannot|may not)|forbidden/i;
const PERMISSION_CODES = new Set(['FORBIDDEN', 'BULK_FORBIDDEN', 'PROXY_FORBIDDEN', 'UNAUTHORIZED_PRINCIPAL']);

export interface Refusal {
  status: number;
  method: string;
  path: string;
  code: string;
  msg: string;
}

/** A console answer that refuses for want of permission; null for any other answer. */
export async function permissionRefusal(response: Response): Promise<Refusal | null> {
  const status = response.status();
  if (status !== 403 && status !== 400) return null;
  let body: { code?: unknown; msg?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: judged by its status alone.
  }
  const code = typeof body.code === 'string' ? body.code : '';
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (status === 400 && !PERMISSION_CODES.has(code) && !PERMISSION_WORDS.test(msg)) return null;
  const url = new URL(response.url());
  return { status, method: response.request().method(), path: url.pathname, code, msg };
}

/** The console's own requests, the live event stream left out (it stays open). */
function isConsoleCall(request: Request): boolean {
  const path = new URL(request.url()).pathname;
  return path.startsWith('/bff/') && !path.startsWith('/bff/events');
}

/**
 * Follows the page's console calls: how many are in flight (to know when an action has settled) and the
 * refusals among their answers, each with what was under way.
 */
export class CallWatch {
  private inFlight = new Set<Request>();
  private lastChange = Date.now();
  /** What is under way: an action's label, or `load: …` while a page loads (its reads are not actions). */
  current = 'load: the first page';
  readonly refusals: { action: string; refusal: Refusal }[] = [];
  private readonly pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (!isConsoleCall(request)) return;
      this.inFlight.add(request);
      this.lastChange = Date.now();
    });
    const done = (request: Request) => {
      if (this.inFlight.delete(request)) this.lastChange = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => {
      if (!isConsoleCall(response.request())) return;
      const action = this.current;
      this.pending.push(
        permissionRefusal(response).then((refusal) => {
          if (refusal) this.refusals.push({ action, refusal });
        }),
      );
    });
  }

  /** Waits until no console call has been in flight for `quietMs` (at most `maxMs`). */
  async settled(page: Page, quietMs = 120, maxMs = 6_000): Promise<void> {
    const start = Date.now();
    while (Date.now() - start < maxMs) {
      if (this.inFlight.size === 0 && Date.now() - this.lastChange >= quietMs) break;
      await page.waitForTimeout(40);
    }
    await Promise.all(this.pending);
  }
}

/** A control found on the page: its tag (`data-crawl-id`), its kind and its name. */
export interface Control {
  id: string;
  key: string;
  name: string;
  /** A form's submit button outside a dialog: the form is filled before it is pressed. */
  submit: boolean;
}

/** A field a dialog or form needs filled before it can be sent. */
interface Field {
  id: string;
  label: string;
  kind: 'typed' | 'text' | 'choice' | 'file';
  phrase: string | null;
}

/** Where the crawl looks: the page, its panel (the first dialog), or the dialog an action opened (the last). */
export type Scope = 'main' | 'panel' | 'top';

/**
 * The in-page half, installed in every document: finds things in one pass and tags them with `data-crawl-id`,
 * so the test side acts on exactly what was found (or learns it is gone) without waiting on a locator.
 */
function installCrawlHelpers() {
  const visibleDialogs = () =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].filter((d) =>
      d.checkVisibility(),
    );
  /** The dialog on top: the one holding the focus (a dialog traps it), else the last in the document. */
  const topDialog = (): HTMLElement | null => {
    const dialogs = visibleDialogs();
    return dialogs.find((d) => d.contains(document.activeElement)) ?? dialogs.at(-1) ?? null;
  };
  const scopeOf = (scope: string): HTMLElement | null => {
    const dialogs = visibleDialogs();
    if (scope === 'main') return document.querySelector('#main-content');
    if (scope === 'panel') return dialogs.find((d) => d.closest('.mantine-Drawer-root')) ?? dialogs[0] ?? null;
    if (scope === 'top') return topDialog();
    if (scope === 'menu') return document.querySelector<HTMLElement>('[role="menu"]');
    // `form:<id>`: the form a control is in.
    return document.querySelector(`[data-crawl-id="${scope.slice(5)}"]`)?.closest('form') ?? null;
  };
  let next = 0;
  const tag = (el: HTMLElement) => (el.dataset.crawlId ??= `c${next++}`);
  const nameOf = (el: HTMLElement) => (el.getAttribute('aria-label') ?? el.innerText ?? '').trim().replace(/\s+/g, ' ');
  const usable = (el: HTMLElement) =>
    el.checkVisibility() && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';
  const dialogOf = (el: Element) => el.closest('[role="dialog"], [role="alertdialog"]');

  const controls = (scope: string) => {
    const root = scopeOf(scope);
    if (!root) return null;
    const selector = 'button, [role="switch"], [role="menuitem"], input[type="checkbox"], [role="checkbox"]';
    return [...root.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => usable(el) && !el.closest('[role="tablist"]') && dialogOf(el) === dialogOf(root))
      .flatMap((el) => {
        const role = el.getAttribute('role');
        const text = (el.innerText ?? '').trim().replace(/\s+/g, ' ');
        const name = nameOf(el);
        const kind =
          role === 'switch'
            ? 'switch'
            : el instanceof HTMLInputElement || role === 'checkbox'
              ? 'checkbox'
              : text && text.length <= 40
                ? `button:${text}`
                : name
                  ? `button:${name.split(' ')[0]}`
                  : null;
        if (!kind) return [];
        const submit = el.getAttribute('type') === 'submit' && el.closest('form') !== null && !dialogOf(el);
        return [{ id: tag(el), key: kind, name: name || kind, submit }];
      });
  };

  /** The fields to fill: the required ones, or (`!all`) every empty one when nothing could be sent without. */
  const fields = (arg: string) => {
    const all = arg.startsWith('!');
    const root = scopeOf(all ? arg.slice(1) : arg);
    if (!root) return [];
    const selector = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea';
    return [...root.querySelectorAll<HTMLInputElement>(selector)].flatMap((field): Field[] => {
      const label = ((field.labels?.[0]?.innerText ?? field.getAttribute('aria-label') ?? '') as string).trim();
      if (field.type === 'file') return [{ id: tag(field), label, kind: 'file', phrase: null }];
      if (!field.checkVisibility() || field.disabled || field.value !== '') return [];
      const typed = /^Type\s+(.+?)\s+to confirm/s.exec(label);
      if (typed) return [{ id: tag(field), label, kind: 'typed', phrase: typed[1]!.trim() }];
      const required = field.required || field.getAttribute('aria-required') === 'true' || /\*\s*$/.test(label);
      if (!required && !all) return [];
      const choice = field.readOnly && field.getAttribute('aria-haspopup') === 'listbox';
      if (field.readOnly && !choice) return [];
      return [{ id: tag(field), label, kind: choice ? 'choice' : 'text', phrase: null }];
    });
  };

  /** Its form's submit button, else its last filled button (the action), else the last that is not a way out. */
  const submitOf = (scope: string) => {
    const root = scopeOf(scope);
    if (!root) return null;
    const out = /^(cancel|close|close dialog|back|keep|no|dismiss|show |hide |discard)/i;
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('button')].filter(
      (b) => usable(b) && !b.closest('[role="tablist"]') && nameOf(b) && !out.test(nameOf(b)),
    );
    const pick =
      buttons.filter((b) => b.type === 'submit' && b.closest('form')).at(-1) ??
      buttons.filter((b) => b.dataset.variant === 'filled').at(-1) ??
      buttons.at(-1);
    return pick ? { id: tag(pick), name: nameOf(pick) } : null;
  };

  /** Empty choice boxes in the scope not chosen in yet: a choice made in each lets its action be sent. */
  const choices = (scope: string) => {
    const root = scopeOf(scope);
    if (!root) return [];
    return [...root.querySelectorAll<HTMLInputElement>('input[aria-haspopup="listbox"]')]
      .filter(
        (input) =>
          usable(input) && input.value === '' && !input.dataset.crawlChosen && dialogOf(input) === dialogOf(root),
      )
      .map((input) => {
        input.dataset.crawlChosen = '1';
        return tag(input);
      });
  };

  const state = () => {
    const top = topDialog() ?? undefined;
    return {
      dialogs: visibleDialogs().length,
      menu: document.querySelector('[role="menu"]')?.checkVisibility() === true,
      top: (top?.innerText ?? '').length,
      // A panel (drawer) that an action opened (a new record's details) is not a step of that action's dialog.
      drawer: top?.closest('.mantine-Drawer-root') !== null && top !== undefined,
    };
  };

  /**
   * When a dialog cannot be sent as it stands (an edit that changed nothing, a choice not made): its first text
   * field gets "-crawl" added, and its first unticked box a tick. False when it has neither.
   */
  const nudge = (scope: string) => {
    const root = scopeOf(scope);
    if (!root) return false;
    const text = [...root.querySelectorAll<HTMLInputElement>('input[type="text"], input:not([type]), textarea')].find(
      (f) => f.checkVisibility() && !f.disabled && !f.readOnly && f.value !== '',
    );
    if (text) {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(text), 'value')!.set!;
      setter.call(text, `${text.value}-crawl`);
      text.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const box = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')].find(
      (b) => !b.checked && !b.disabled,
    );
    box?.click();
    return text !== undefined || box !== undefined;
  };

  (window as unknown as { __crawl: object }).__crawl = { controls, fields, submitOf, state, nudge, choices };
}

interface CrawlHelpers {
  controls(scope: string): Control[] | null;
  fields(scope: string): Field[];
  submitOf(scope: string): { id: string; name: string } | null;
  state(scope: string): { dialogs: number; menu: boolean; top: number; drawer: boolean };
  nudge(scope: string): boolean;
  choices(scope: string): string[];
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;

/** A harmless value a field of this name accepts. */
function valueFor(label: string, tag: string): string {
  const n = `${tag}-${++counter}`;
  const l = label.toLowerCase();
  if (l.includes('email')) return `crawl-${n}@example.com`;
  if (l.includes('pattern')) return `CRAWL${counter}-(?P<id>[0-9]+)`;
  if (l.includes('url') || l.includes('link')) return 'https://example.com/{id}';
  if (l.includes('domain')) return `crawl-${n}.demo.test`;
  if (l.includes('upstream') || l.includes('address')) return '127.0.0.1:9';
  if (l.includes('language')) return 'Python';
  if (/weight|days|minutes|hours|number/.test(l)) return '1';
  if (/description|message|content|text/.test(l)) return 'Made by the role crawl.';
  return `crawl-${n}`;
}

export interface CrawlReport {
  actions: string[];
  skipped: string[];
  /** Pages whose walk broke off, with why. */
  broken: string[];
}

/** One role's walk over the console's pages. */
export class Crawl {
  readonly watch: CallWatch;
  readonly report: CrawlReport = { actions: [], skipped: [], broken: [] };
  private loaded = false;

  constructor(
    readonly page: Page,
    readonly role: string,
    readonly origin: string,
  ) {
    this.watch = new CallWatch(page);
    page.setDefaultTimeout(5_000);
  }

  static async install(page: Page): Promise<void> {
    // As source: a transpiler's helper (esbuild's __name, when names are kept) is defined alongside.
    await page.addInitScript({ content: `var __name = (f) => f; (${installCrawlHelpers.toString()})();` });
    // No transitions or animations: a dialog is there (or gone) at once, and no frames are drawn for the motion
    // (the dialogs' own timers still run; the crawl waits for them).
    await page.addInitScript(() => {
      addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent =
          '*, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }';
        document.head.append(style);
      });
    });
  }

  /** Runs one of the in-page helpers. */
  private call<K extends keyof CrawlHelpers>(name: K, arg = ''): Promise<ReturnType<CrawlHelpers[K]>> {
    return this.page.evaluate(
      ([helper, a]) => (window as unknown as { __crawl: Record<string, (arg: string) => unknown> }).__crawl[helper]!(a),
      [name, arg] as const,
    ) as Promise<ReturnType<CrawlHelpers[K]>>;
  }

  private log(line: string): void {
    if (process.env.CRAWL_DEBUG) console.log(new Date().toISOString().slice(11, 23), this.role, line);
  }

  /**
   * Shows `path` afresh: the first time by loading it, then through the router by way of an address no page
   * has (so the page mounts anew, with no dialog, selection or draft left from the last action).
   */
  async open(path: string): Promise<void> {
    this.watch.current = `load: ${path}`;
    const heading = this.page.locator('#main-content h2').first();
    if (!this.loaded) {
      await this.page.goto(new URL(path, this.origin).href);
      this.loaded = true;
    } else {
      const go = (to: string) =>
        this.page.evaluate((next) => {
          history.pushState(null, '', next);
          dispatchEvent(new PopStateEvent('popstate', { state: null }));
        }, to);
      await go('/crawl-fresh-page');
      await heading.filter({ hasText: 'Page not found' }).waitFor({ timeout: 15_000 });
      await go(path);
      await this.page.locator('#main-content h2', { hasText: 'Page not found' }).waitFor({ state: 'detached' });
    }
    await heading.waitFor({ timeout: 15_000 });
    await this.watch.settled(this.page, 200);
    await this.steady();
    this.log(`opened ${path}`);
  }

  /** Waits until dialogs have finished opening or closing (their transitions), so a count means what it says. */
  private async steady(): Promise<void> {
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          // A spinner turns for ever: only what ends is waited for.
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await this.page.waitForTimeout(30);
  }

  private state() {
    return this.call('state');
  }

  /** Triggers each kind of enabled control in `scope` once; `reopen` puts the scope back after an action. */
  async crawlScope(where: string, scope: Scope, reopen: () => Promise<void>): Promise<void> {
    const base = scope === 'panel' ? 1 : 0;
    const done = new Set<string>();
    for (let i = 0; i < 40; i++) {
      let found = (await this.state()).dialogs === base ? await this.call('controls', scope) : null;
      if (!found) {
        await reopen();
        found = await this.call('controls', scope);
        if (!found) return;
      }
      // A first choice in every empty choice box (people to subscribe, a channel to move to), so what it gates
      // is enabled and crawled too; the controls are read again after.
      if (await this.choose(scope)) found = (await this.call('controls', scope)) ?? [];
      const next = found.find((c) => !done.has(c.key));
      if (!next) return;
      done.add(next.key);
      const skip = SKIPPED_CONTROLS.find((s) => s.name.test(next.name));
      if (skip) this.report.skipped.push(`${where}: “${next.name}” (${skip.reason})`);
      else await this.act(where, next, base);
    }
  }

  private async click(id: string): Promise<boolean> {
    const element = this.page.locator(`[data-crawl-id="${id}"]`);
    try {
      await element.click({ timeout: 2_000 });
      return true;
    } catch {
      // Under a closing dialog's overlay, or a switch whose input is drawn by its label: once more, as a person
      // reaching it would.
      await this.steady();
      return element
        .click({ timeout: 2_000, force: true })
        .then(() => true)
        .catch(() => false);
    }
  }

  /** Chooses the first option in each empty choice box of the scope not chosen in yet; whether it chose any. */
  private async choose(scope: string): Promise<boolean> {
    const ids = await this.call('choices', scope);
    for (const id of ids) {
      try {
        await this.page.locator(`[data-crawl-id="${id}"]`).click({ timeout: 2_000 });
        await this.page.getByRole('option').first().click({ timeout: 2_000 });
        await this.page.keyboard.press('Tab');
      } catch {
        // No options (nothing to choose from): left as it is.
      }
    }
    if (ids.length > 0) await this.watch.settled(this.page);
    return ids.length > 0;
  }

  /** Fills one field with a harmless value it accepts. */
  private async fillField(field: Field): Promise<void> {
    const input = this.page.locator(`[data-crawl-id="${field.id}"]`);
    try {
      if (field.kind === 'file')
        await input.setInputFiles({ name: 'crawl.png', mimeType: 'image/png', buffer: TINY_PNG });
      else if (field.kind === 'typed') await input.fill(field.phrase!, { timeout: 2_000 });
      else if (field.kind === 'text') await input.fill(valueFor(field.label, this.role), { timeout: 2_000 });
      else {
        await input.click({ timeout: 2_000 });
        await this.page.getByRole('option').first().click({ timeout: 2_000 });
      }
    } catch {
      // Gone or not fillable: the send shows what the form makes of it.
    }
  }

  /** Fills what the scope needs before it can be sent (its required fields; `!scope`: every empty one). */
  private async fill(scope: string): Promise<void> {
    for (const field of await this.call('fields', scope)) await this.fillField(field);
  }

  /**
   * The top dialog's send button once it can be sent: after its required fields, a choice in each empty choice
   * box, then empty fields one by one (an optional one filled with nonsense could make the form invalid), then a
   * nudge (an edit must change something), then a moment (a count still running).
   */
  private async sendable(): Promise<{ id: string; name: string } | null> {
    const submit = () => this.call('submitOf', 'top');
    await this.fill('top');
    if (await this.choose('top')) await this.watch.settled(this.page, 100);
    let found = await submit();
    for (const field of found ? [] : await this.call('fields', '!top')) {
      await this.fillField(field);
      if ((found = await submit())) break;
    }
    if (!found && (await this.call('nudge', 'top'))) {
      await this.fill('top');
      found = await submit();
    }
    if (!found) {
      await this.page.waitForTimeout(400);
      await this.watch.settled(this.page, 100);
      found = await submit();
    }
    return found;
  }

  private async act(where: string, control: Control, base: number): Promise<void> {
    const label = `${where}: “${control.name}”`;
    this.watch.current = label;
    const pathBefore = new URL(this.page.url()).pathname;
    if (control.submit) await this.fill(`!form:${control.id}`);
    if (!(await this.click(control.id))) {
      this.report.actions.push(`${label}: could not be clicked`);
      return;
    }
    await this.watch.settled(this.page);
    if ((await this.state()).menu) await this.menu(label, control.id);
    let sent = 'no dialog';
    for (let step = 0; step < 4; step++) {
      await this.steady();
      const before = await this.state();
      if (before.dialogs <= base || (step > 0 && before.drawer)) break;
      const submit = await this.sendable();
      if (!submit) {
        sent = 'a dialog with nothing to send';
        if (process.env.CRAWL_SHOTS)
          await this.page.screenshot({ path: `${process.env.CRAWL_SHOTS}/${this.role}-${++counter}.png` });
        break;
      }
      this.watch.current = `${label} → “${submit.name}”`;
      sent = `sent with “${submit.name}”`;
      if (!(await this.click(submit.id))) break;
      await this.watch.settled(this.page);
      await this.steady();
      const after = await this.state();
      if (after.dialogs === before.dialogs && after.top === before.top) break;
    }
    this.report.actions.push(`${label}: ${sent}`);
    this.log(`${label}: ${sent}`);
    for (let k = 0; k < 4 && (await this.state()).dialogs > base; k++) {
      await this.page.keyboard.press('Escape');
      await this.steady();
    }
    if (new URL(this.page.url()).pathname !== pathBefore) await this.page.goBack().catch(() => undefined);
  }

  /** A control that opened a menu: each enabled item is triggered, the menu opened again for each. */
  private async menu(label: string, triggerId: string): Promise<void> {
    const names = ((await this.call('controls', 'menu')) ?? []).map((c) => c.name);
    await this.page.keyboard.press('Escape');
    for (const name of names) {
      if (SKIPPED_CONTROLS.some((s) => s.name.test(name))) continue;
      if (!(await this.click(triggerId))) return;
      const item = ((await this.call('controls', 'menu')) ?? []).find((c) => c.name === name);
      if (item) await this.act(`${label} menu`, item, (await this.state()).dialogs);
    }
  }

  /**
   * The page, then the panel its first row opens, tab by tab. What breaks the walk of a page (a panel gone under
   * it) is noted in `report.broken` and the walk goes on with the next page.
   */
  async crawlPage(path: string): Promise<void> {
    try {
      await this.crawlMain(path);
      await this.crawlPanel(path);
    } catch (error) {
      this.report.broken.push(`${path}: ${String(error).split('\n')[0]}`);
    }
  }

  private async crawlMain(path: string): Promise<void> {
    await this.open(path);
    const acted = this.report.actions.length;
    await this.crawlScope(path, 'main', () => this.open(path));
    if (this.report.actions.length > acted || (await this.state()).dialogs > 0) await this.open(path);
  }

  private async crawlPanel(path: string): Promise<void> {
    // The first row's first cell that holds no control of its own (a checkbox there would select, not open).
    const cell = this.page
      .locator('#main-content [role="table"], #main-content table')
      .first()
      .getByRole('cell')
      .filter({ hasNot: this.page.locator('button, input, a, [role="checkbox"]') })
      .first();
    if (!(await cell.isVisible())) return;
    await cell.click({ timeout: 3_000, position: { x: 4, y: 4 } }).catch(() => undefined);
    await this.watch.settled(this.page);
    if ((await this.state()).dialogs !== 1) return;
    const panelUrl = this.page.url().slice(this.origin.length);
    const tabs = await this.page.locator('[role="dialog"] [role="tab"]').allInnerTexts();
    for (const tab of tabs.length > 0 ? tabs : ['']) {
      const showTab = async (fresh: boolean) => {
        if (fresh) await this.open(panelUrl);
        const button = this.page.getByRole('dialog').getByRole('tab', { name: tab, exact: true });
        // A tab re-rendered under the click (the record changed): once more, on the panel opened afresh.
        if (
          tab &&
          !(await button.click({ timeout: 3_000 }).then(
            () => true,
            () => false,
          ))
        ) {
          await this.open(panelUrl);
          await button.click({ timeout: 3_000 });
        }
        await this.watch.settled(this.page);
      };
      await showTab((await this.state()).dialogs !== 1);
      await this.crawlScope(`${path} panel${tab ? ` (${tab})` : ''}`, 'panel', () => showTab(true));
    }
  }
}
