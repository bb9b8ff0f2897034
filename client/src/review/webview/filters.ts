// The review page's filter row: role, tool (or failed calls), mark,
// visibility, and "with problems". The server applies them
// (src-shared/prompts/review/filter.ts), so the cards and the header's
// counts are those of the sessions that pass; "As published" stays its own
// switch. One element for the page's life, moved into each new header, so
// a control keeps its value and the focus across views.

import type { ReviewFilter } from '../../../../src-shared/prompts/review/filter';
import type { MarkKind } from '../../../../src-shared/prompts/review/view';
import { icon } from './cards';
import type { Maker } from './text';

const failedCalls = '\u0000failed';
const markOptions: readonly [MarkKind, string][] = [
  ['secret', 'Secrets'],
  ['unlogged', 'Unlogged edits'],
  ['error', 'Errors'],
  ['warning', 'Warnings'],
];

export class FilterBar {
  readonly element: HTMLElement;
  private readonly role: HTMLSelectElement;
  private readonly tool: HTMLSelectElement;
  private readonly mark: HTMLSelectElement;
  private readonly visibility: HTMLSelectElement;
  private readonly problems: HTMLButtonElement;
  private tools: readonly string[] = [];

  constructor(
    private readonly el: Maker,
    private readonly changed: (filter: ReviewFilter | undefined) => void,
  ) {
    this.element = el('div', 'row filters');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Filters');
    this.role = this.select('role', 'Sessions with a turn of this role', [
      ['', 'Any role'],
      ['user', 'User'],
      ['assistant', 'Assistant'],
    ]);
    this.tool = this.select('tool', 'Sessions that call this tool', [['', 'Any tool']]);
    this.mark = this.select('mark', 'Sessions with a mark of this kind', [['', 'Any mark'], ...markOptions]);
    this.visibility = this.select('visibility', 'Public or private sessions', [
      ['', 'Public and private'],
      ['public', 'Public'],
      ['private', 'Private'],
    ]);
    this.problems = el('button', 'toggle problems');
    this.problems.append(icon(el, 'warning'), el('span', undefined, ' With problems'));
    this.problems.title = 'Only sessions with a secret, an unlogged edit, an error or a warning';
    this.problems.setAttribute('aria-pressed', 'false');
    this.problems.addEventListener('click', () => {
      this.setProblems(this.problems.getAttribute('aria-pressed') !== 'true');
      this.fire();
    });
    this.element.append(icon(el, 'filter', 'glyph'), this.role, this.tool, this.mark, this.visibility, this.problems);
  }

  /** The tools the file calls: the tool filter's options (its choice kept while it is still offered). */
  setTools(tools: readonly string[]): void {
    if (tools.length === this.tools.length && tools.every((t, k) => t === this.tools[k])) return;
    this.tools = tools;
    const value = this.tool.value;
    this.tool.replaceChildren(this.option('', 'Any tool'), this.option(failedCalls, 'Failed calls'), ...tools.map((t) => this.option(t, t)));
    this.tool.value = value === failedCalls || tools.includes(value) ? value : '';
  }

  /** The filters the controls say now. */
  get filter(): ReviewFilter | undefined {
    const tool = this.tool.value;
    const f: ReviewFilter = {
      ...(this.role.value !== '' && { roles: [this.role.value] }),
      ...(tool === failedCalls ? { failed: true } : tool !== '' && { tool }),
      ...(this.mark.value !== '' && { marks: [this.mark.value as MarkKind] }),
      ...(this.visibility.value !== '' && { visibility: this.visibility.value as 'public' | 'private' }),
      ...(this.problems.getAttribute('aria-pressed') === 'true' && { problems: true }),
    };
    return Object.keys(f).length > 0 ? f : undefined;
  }

  /** Sets every control from a filter and applies it (the tests' way of choosing). */
  set(f: ReviewFilter): void {
    this.role.value = f.roles?.[0] ?? '';
    if (f.tool !== undefined && !this.tools.includes(f.tool)) this.setTools([...this.tools, f.tool].sort());
    this.tool.value = f.failed ? failedCalls : (f.tool ?? '');
    this.mark.value = f.marks?.[0] ?? '';
    this.visibility.value = f.visibility ?? '';
    this.setProblems(f.problems === true);
    this.fire();
  }

  private setProblems(on: boolean): void {
    this.problems.setAttribute('aria-pressed', String(on));
    this.problems.classList.toggle('on', on);
  }

  private fire(): void {
    this.element.classList.toggle('active', this.filter !== undefined);
    this.changed(this.filter);
  }

  private select(name: string, label: string, options: readonly (readonly [string, string])[]): HTMLSelectElement {
    const s = this.el('select', `filter filter-${name}`);
    s.title = label;
    s.setAttribute('aria-label', label);
    s.append(...options.map(([value, text]) => this.option(value, text)));
    s.addEventListener('change', () => this.fire());
    return s;
  }

  private option(value: string, text: string): HTMLOptionElement {
    const o = this.el('option', undefined, text);
    o.value = value;
    return o;
  }
}
