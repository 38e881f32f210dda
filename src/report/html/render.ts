/**
 * `renderReportHtml()`: one self-contained page — styles, script and data inline, nothing fetched
 * at view time. The data sits in a JSON block in stable key order, so the same inputs give the
 * same bytes.
 */
import { stableStringify } from '../../shared/json.js';
import { REPORT_SCRIPT } from './client.js';
import { escapeHtml, scriptJson, tag, text } from './escape.js';
import type { MapModel, ReportData } from './model.js';
import { renderRuns } from './runs.js';
import { renderContracts, renderFreshness, renderLessons, renderReadiness, section } from './sections.js';
import { REPORT_STYLES } from './styles.js';

const SECTIONS = [
  ['map', 'Map'],
  ['readiness', 'Readiness'],
  ['freshness', 'Freshness'],
  ['contracts', 'Contracts'],
  ['runs', 'Runs'],
  ['lessons', 'Lessons'],
] as const;

export function renderReportHtml(data: ReportData): string {
  const nav = SECTIONS.map(([id, title]) => tag('a', { href: `#${id}` }, escapeHtml(title))).join('');
  const body = [
    renderMapSection(data.map),
    renderReadiness(data.readiness),
    renderFreshness(data.freshness),
    renderContracts(data.contracts),
    renderRuns(data.runs),
    renderLessons(data.lessons),
  ].join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Nothing may load from anywhere: the page is its own world.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    text('title', `${data.project} — opencode-plusplus report`),
    `<style>${REPORT_STYLES}</style>`,
    '</head>',
    '<body>',
    tag('header', {}, `${text('h1', data.project)}${tag('nav', {}, nav)}`),
    `<main>\n${body}\n</main>`,
    `<script type="application/json" id="report-data">${scriptJson(stableStringify({ map: data.map }))}</script>`,
    `<script>${REPORT_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function renderMapSection(map: MapModel): string {
  const unit = map.clusterBy === 'package' ? 'package' : 'folder';
  const stats = `${map.files.length} files, ${map.edges.length} internal imports, ${map.cycles.length} cycle(s), ${
    Object.keys(map.violations).length
  } file(s) with a layer violation; clustered by ${unit}, nodes sized by rank.`;
  const toolbar = tag(
    'div',
    { class: 'toolbar' },
    [
      tag('input', {
        type: 'search',
        id: 'map-search',
        placeholder: 'search a path…',
        'aria-label': 'search by path',
      }),
      tag('button', { type: 'button', 'data-zoom': 'in', title: 'zoom in' }, '+'),
      tag('button', { type: 'button', 'data-zoom': 'out', title: 'zoom out' }, '−'),
      tag('button', { type: 'button', 'data-zoom': 'fit', title: 'fit the map' }, 'fit'),
      tag('button', { type: 'button', 'data-folders': 'open' }, `open all ${unit}s`),
      tag('button', { type: 'button', 'data-folders': 'close' }, `close all ${unit}s`),
      text('span', '', { id: 'map-edge-note', class: 'muted' }),
    ].join(''),
  );
  const legend = tag(
    'p',
    { class: 'legend' },
    [
      ['#5b8def', 'source'],
      ['#9ad0a8', 'test'],
      ['#c9cfd8', 'config / doc'],
      ['#e07b00', 'in an import cycle (dashed ring)'],
      ['#d32f2f', 'layer violation'],
    ]
      .map(([color, label]) =>
        tag('span', {}, `${tag('i', { class: 'sw', style: `background:${color}` })}${escapeHtml(label!)}`),
      )
      .join(''),
  );
  const canvas = tag(
    'svg',
    { id: 'map-canvas', xmlns: 'http://www.w3.org/2000/svg', role: 'img', 'aria-label': 'dependency map' },
    `${tag('g', { id: 'map-folders' })}${tag('g', { id: 'map-edges' })}${tag('g', { id: 'map-nodes' })}`,
  );
  const aside = tag(
    'aside',
    {},
    `${tag('div', { id: 'map-results' })}${tag('div', { id: 'map-facts' }, text('p', 'Click a file to see its facts.', { class: 'muted' }))}`,
  );
  return section(
    'map',
    'Map',
    `${text('p', stats, { class: 'muted' })}${toolbar}${legend}${tag('div', { class: 'map-layout' }, `${tag('div', {}, canvas)}${aside}`)}`,
  );
}
