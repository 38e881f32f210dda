/**
 * The report's script, inlined (no network, no framework): the map (folders open and close, pan,
 * zoom, search, click for a file's facts) and the run entries that open their timeline. Plain ES5
 * so any browser runs it; it reads the data from the page's JSON block and writes text only
 * through textContent, never as markup.
 */
export const REPORT_SCRIPT = String.raw`(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var map = data.map;
  var files = map.files;
  var canvas = document.getElementById('map-canvas');
  var gFolders = document.getElementById('map-folders');
  var gEdges = document.getElementById('map-edges');
  var gNodes = document.getElementById('map-nodes');
  var facts = document.getElementById('map-facts');
  var search = document.getElementById('map-search');
  var results = document.getElementById('map-results');
  var EDGE_TYPE_ONLY = 1, EDGE_VIOLATION = 2, EDGE_CYCLE = 4, EDGE_LIMIT = 6000;
  var CELL_W = 70, CELL_H = 44, PAD = 8, HEADER = 20;

  function svg(name, attrs) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) node.setAttribute(key, String(attrs[key]));
    return node;
  }
  function html(name, text, attrs) {
    var node = document.createElement(name);
    if (text !== undefined && text !== null) node.textContent = text;
    for (var key in attrs || {}) node.setAttribute(key, attrs[key]);
    return node;
  }
  function baseName(path) { return path.slice(path.lastIndexOf('/') + 1); }
  function shorten(text, max) { return text.length > max ? text.slice(0, max - 1) + '\u2026' : text; }

  var imports = files.map(function () { return []; });
  var importers = files.map(function () { return []; });
  map.edges.forEach(function (edge) { imports[edge[0]].push(edge); importers[edge[1]].push(edge); });
  // Keyed by repository paths: no prototype, so a folder named constructor or __proto__ is a folder too.
  var indexOfPath = Object.create(null);
  files.forEach(function (file, index) { indexOfPath[file.path] = index; });

  function folder(path, name, parent) {
    return { path: path, name: name, parent: parent, folders: Object.create(null), list: [], files: [], count: 0, open: false };
  }
  var root = folder('', '', null);
  root.open = true;
  var folderOfFile = [];
  files.forEach(function (file, index) {
    var parts = file.path.split('/');
    var node = root;
    node.count++;
    for (var depth = 0; depth < parts.length - 1; depth++) {
      var child = node.folders[parts[depth]];
      if (!child) {
        child = folder(parts.slice(0, depth + 1).join('/'), parts[depth], node);
        node.folders[parts[depth]] = child;
        node.list.push(child);
      }
      node = child;
      node.count++;
    }
    node.files.push(index);
    folderOfFile[index] = node;
  });
  (function sortFolders(node) {
    node.list.sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : 0; });
    node.list.forEach(sortFolders);
  })(root);

  // Small trees open whole; large ones open level by level while the map stays readable.
  (function openInitially() {
    if (files.length <= 300) {
      (function openAll(node) { node.open = true; node.list.forEach(openAll); })(root);
      return;
    }
    var visible = root.list.length + root.files.length;
    var level = root.list.slice();
    while (level.length > 0) {
      var next = [];
      for (var i = 0; i < level.length; i++) {
        var add = level[i].list.length + level[i].files.length - 1;
        if (visible + add > 150) return;
        level[i].open = true;
        visible += add;
        next = next.concat(level[i].list);
      }
      level = next;
    }
  })();

  function radius(index) { return 4 + 10 * Math.sqrt(files[index].score || 0); }

  function layoutFolder(node) {
    if (!node.open) {
      var label = node.name + '/ (' + node.count + ')';
      return { node: node, w: Math.max(90, label.length * 6.5 + 16), h: 28, children: [] };
    }
    var children = node.list.map(layoutFolder);
    node.files.forEach(function (index) { children.push({ file: index, w: CELL_W, h: CELL_H }); });
    var area = 0;
    children.forEach(function (child) { area += (child.w + PAD) * (child.h + PAD); });
    var target = Math.max(CELL_W * 3, Math.sqrt(area) * 1.5);
    var x = 0, y = 0, rowH = 0, width = 0;
    children.forEach(function (child) {
      if (x > 0 && x + child.w > target) { x = 0; y += rowH + PAD; rowH = 0; }
      child.x = x; child.y = y;
      x += child.w + PAD;
      rowH = Math.max(rowH, child.h);
      width = Math.max(width, x - PAD);
    });
    var header = node === root ? 0 : HEADER;
    return { node: node, w: width + 2 * PAD, h: y + rowH + header + 2 * PAD, children: children, header: header };
  }

  var positions = {};
  var closedAt = Object.create(null);
  function place(box, left, top) {
    if (box.file !== undefined) {
      positions[box.file] = { x: left + box.w / 2, y: top + 16 };
      drawFile(box.file, left + box.w / 2, top + 16);
      return;
    }
    if (box.node !== root) drawFolder(box, left, top);
    if (!box.node.open) { closedAt[box.node.path] = { x: left + box.w / 2, y: top + box.h / 2 }; return; }
    box.children.forEach(function (child) { place(child, left + PAD + child.x, top + box.header + PAD + child.y); });
  }

  function drawFolder(box, left, top) {
    var node = box.node;
    var group = svg('g', { 'class': 'folder ' + (node.open ? 'open' : 'closed'), 'data-folder': node.path });
    group.appendChild(svg('rect', { x: left, y: top, width: box.w, height: box.h, rx: 5 }));
    var label = svg('text', { x: left + 6, y: top + 15 });
    label.textContent = (node.open ? '\u2212 ' : '+ ') + node.name + '/ (' + node.count + ')';
    group.appendChild(label);
    var toggle = function (event) { event.stopPropagation(); node.open = !node.open; render(); };
    label.addEventListener('click', toggle);
    if (!node.open) group.addEventListener('click', toggle);
    gFolders.appendChild(group);
  }

  function drawFile(index, x, y) {
    var file = files[index];
    var classes = ['node', 'kind-' + file.kind];
    if (file.cycle !== undefined) classes.push('in-cycle');
    if (map.violations[String(index)]) classes.push('violation');
    if (matches[index]) classes.push('match');
    if (selected === index) classes.push('selected');
    var group = svg('g', { 'class': classes.join(' '), 'data-node': file.path, transform: 'translate(' + x + ',' + y + ')' });
    var title = svg('title', {});
    title.textContent = file.path;
    group.appendChild(title);
    group.appendChild(svg('circle', { r: radius(index).toFixed(1) }));
    var label = svg('text', { y: 24, 'text-anchor': 'middle' });
    label.textContent = shorten(baseName(file.path), 13);
    group.appendChild(label);
    group.addEventListener('click', function (event) { event.stopPropagation(); select(index, false); });
    gNodes.appendChild(group);
  }

  /** The visible stand-in of a file: itself, or the outermost closed folder holding it. */
  function anchorOf(index) {
    var outermost = null;
    for (var node = folderOfFile[index]; node; node = node.parent) if (!node.open) outermost = node;
    return outermost ? closedAt[outermost.path] : positions[index];
  }

  function drawEdges() {
    var merged = {};
    var keys = [];
    map.edges.forEach(function (edge) {
      var a = anchorOf(edge[0]), b = anchorOf(edge[1]);
      if (!a || !b || a === b) return;
      var key = a.x + ',' + a.y + ',' + b.x + ',' + b.y;
      var near = selected === edge[0] || selected === edge[1];
      if (!merged[key]) { merged[key] = { a: a, b: b, flags: 0, near: false }; keys.push(key); }
      merged[key].flags |= edge[2] & (EDGE_VIOLATION | EDGE_CYCLE);
      merged[key].near = merged[key].near || near;
    });
    keys.sort(function (x, y) { return weight(merged[y]) - weight(merged[x]); });
    keys.slice(0, EDGE_LIMIT).forEach(function (key) {
      var edge = merged[key];
      var classes = [];
      if (edge.flags & EDGE_VIOLATION) classes.push('violation');
      else if (edge.flags & EDGE_CYCLE) classes.push('cycle');
      if (edge.near) classes.push('near');
      gEdges.appendChild(svg('line', { x1: edge.a.x, y1: edge.a.y, x2: edge.b.x, y2: edge.b.y, 'class': classes.join(' ') }));
    });
    document.getElementById('map-edge-note').textContent =
      keys.length > EDGE_LIMIT ? 'showing ' + EDGE_LIMIT + ' of ' + keys.length + ' links' : keys.length + ' links';
  }
  function weight(edge) { return (edge.flags & EDGE_VIOLATION ? 4 : 0) + (edge.flags & EDGE_CYCLE ? 2 : 0) + (edge.near ? 1 : 0); }

  var bounds = { w: 100, h: 100 };
  function render() {
    while (gFolders.firstChild) gFolders.removeChild(gFolders.firstChild);
    while (gEdges.firstChild) gEdges.removeChild(gEdges.firstChild);
    while (gNodes.firstChild) gNodes.removeChild(gNodes.firstChild);
    positions = {};
    closedAt = Object.create(null);
    var box = layoutFolder(root);
    bounds = { w: box.w, h: box.h };
    place(box, 0, 0);
    drawEdges();
  }

  // Pan and zoom move the viewBox; the scale is on the canvas for anyone who needs it.
  var view = { x: 0, y: 0, w: 100, h: 100 };
  function applyView() {
    canvas.setAttribute('viewBox', [view.x, view.y, view.w, view.h].map(function (n) { return n.toFixed(2); }).join(' '));
    canvas.setAttribute('data-scale', (bounds.w / view.w).toFixed(3));
  }
  function fit() {
    var ratio = (canvas.clientHeight || 600) / (canvas.clientWidth || 900);
    var w = Math.max(bounds.w, bounds.h / ratio, 200);
    view = { x: -10, y: -10, w: w + 20, h: (w + 20) * ratio };
    applyView();
  }
  function zoom(factor, cx, cy) {
    var x = cx === undefined ? view.x + view.w / 2 : cx;
    var y = cy === undefined ? view.y + view.h / 2 : cy;
    view = { x: x - (x - view.x) / factor, y: y - (y - view.y) / factor, w: view.w / factor, h: view.h / factor };
    applyView();
  }
  function centerOn(point) {
    if (view.w > 1200) { view.w = 1200; view.h = 1200 * ((canvas.clientHeight || 600) / (canvas.clientWidth || 900)); }
    view.x = point.x - view.w / 2;
    view.y = point.y - view.h / 2;
    applyView();
  }
  function toCanvas(event) {
    var rect = canvas.getBoundingClientRect();
    return { x: view.x + ((event.clientX - rect.left) / rect.width) * view.w, y: view.y + ((event.clientY - rect.top) / rect.height) * view.h };
  }
  canvas.addEventListener('wheel', function (event) {
    event.preventDefault();
    var point = toCanvas(event);
    zoom(Math.pow(1.0015, -event.deltaY), point.x, point.y);
  }, { passive: false });
  var drag = null;
  canvas.addEventListener('pointerdown', function (event) {
    drag = { x: event.clientX, y: event.clientY, view: { x: view.x, y: view.y } };
  });
  window.addEventListener('pointermove', function (event) {
    if (!drag) return;
    var rect = canvas.getBoundingClientRect();
    view.x = drag.view.x - ((event.clientX - drag.x) / rect.width) * view.w;
    view.y = drag.view.y - ((event.clientY - drag.y) / rect.height) * view.h;
    applyView();
  });
  window.addEventListener('pointerup', function () { drag = null; });
  document.querySelectorAll('[data-zoom]').forEach(function (button) {
    button.addEventListener('click', function () {
      var how = button.getAttribute('data-zoom');
      if (how === 'in') zoom(1.25);
      else if (how === 'out') zoom(0.8);
      else fit();
    });
  });
  document.querySelectorAll('[data-folders]').forEach(function (button) {
    button.addEventListener('click', function () {
      var open = button.getAttribute('data-folders') === 'open';
      (function each(node) { if (node !== root) node.open = open; node.list.forEach(each); })(root);
      render();
      fit();
    });
  });

  var matches = {};
  var selected = -1;
  function openAncestors(index) {
    for (var node = folderOfFile[index]; node; node = node.parent) node.open = true;
  }
  function runSearch() {
    var query = search.value.trim().toLowerCase();
    matches = {};
    while (results.firstChild) results.removeChild(results.firstChild);
    if (query) {
      var found = [];
      files.forEach(function (file, index) { if (file.path.toLowerCase().indexOf(query) !== -1) found.push(index); });
      found.forEach(function (index, position) { matches[index] = true; if (position < 30) openAncestors(index); });
      results.appendChild(html('div', found.length + ' file(s) match', { 'class': 'muted' }));
      found.slice(0, 200).forEach(function (index) {
        var link = html('a', files[index].path, { 'data-result': files[index].path });
        link.addEventListener('click', function () { select(index, true); });
        results.appendChild(html('div')).appendChild(link);
      });
    }
    render();
    return Object.keys(matches);
  }
  // Typing re-renders the map once it pauses: a 27k-file map takes a second per render.
  var pending = null;
  search.addEventListener('input', function () {
    if (pending) clearTimeout(pending);
    pending = setTimeout(function () { pending = null; runSearch(); }, files.length > 2000 ? 250 : 0);
  });
  search.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter') return;
    if (pending) { clearTimeout(pending); pending = null; }
    var first = runSearch()[0];
    if (first !== undefined) select(Number(first), true);
  });

  function select(index, center) {
    selected = index;
    canvas.classList.add('has-selection');
    openAncestors(index);
    render();
    if (center && positions[index]) centerOn(positions[index]);
    showFacts(index);
  }

  function linkList(title, indexes) {
    var box = html('div');
    box.appendChild(html('h4', title + ' (' + indexes.length + ')'));
    if (indexes.length === 0) { box.appendChild(html('p', 'none', { 'class': 'muted' })); return box; }
    var list = html('ul');
    indexes.forEach(function (index) {
      var link = html('a', files[index].path, { 'data-goto': files[index].path, 'class': 'path' });
      link.addEventListener('click', function () { select(index, true); });
      list.appendChild(html('li')).appendChild(link);
    });
    box.appendChild(list);
    return box;
  }

  function showFacts(index) {
    var file = files[index];
    while (facts.firstChild) facts.removeChild(facts.firstChild);
    facts.setAttribute('data-facts', file.path);
    facts.appendChild(html('h3', file.path, { 'class': 'path' }));
    facts.appendChild(html('p', file.kind + ' \u00b7 ' + file.language + ' \u00b7 ' + file.lines + ' lines \u00b7 ' + (map.clusterBy === 'package' ? 'package ' : 'folder ') + (folderOfFile[index].path || '.'), { 'class': 'muted' }));
    facts.appendChild(html('p', file.summary || 'No summary.', { 'data-fact': 'summary' }));
    var rank = file.position > 0 ? 'rank #' + file.position + ' of ' + files.length + ', score ' + file.score : 'not ranked';
    facts.appendChild(html('h4', rank, { 'data-fact': 'rank' }));
    if (file.reasons.length > 0) {
      var why = html('ul', null, { 'data-fact': 'why' });
      file.reasons.forEach(function (reason) { why.appendChild(html('li', reason)); });
      facts.appendChild(why);
    }
    var violations = map.violations[String(index)];
    if (violations) {
      var list = html('ul', null, { 'data-fact': 'violations', 'class': 'sev-forbidden' });
      violations.forEach(function (message) { list.appendChild(html('li', message)); });
      facts.appendChild(html('h4', 'layer violations'));
      facts.appendChild(list);
    }
    if (file.cycle !== undefined) facts.appendChild(linkList('in an import cycle with', map.cycles[file.cycle].filter(function (i) { return i !== index; })));
    var out = imports[index].map(function (edge) { return edge[1]; });
    var into = importers[index].map(function (edge) { return edge[0]; });
    facts.appendChild(linkList('imports', out)).setAttribute('data-fact', 'imports');
    facts.appendChild(linkList('imported by', into)).setAttribute('data-fact', 'importers');
    facts.appendChild(linkList('tests', into.filter(function (i) { return files[i].kind === 'test'; }))).setAttribute('data-fact', 'tests');
  }

  document.querySelectorAll('[data-run]').forEach(function (button) {
    button.setAttribute('aria-expanded', 'false');
    button.addEventListener('click', function () {
      var detail = button.nextElementSibling;
      if (!detail || !detail.hasAttribute('data-run-detail')) return;
      var open = detail.hasAttribute('hidden');
      if (open) detail.removeAttribute('hidden');
      else detail.setAttribute('hidden', '');
      button.setAttribute('aria-expanded', String(open));
    });
  });

  render();
  fit();
  var fromHash = /^#node=(.+)$/.exec(location.hash);
  if (fromHash && indexOfPath[decodeURIComponent(fromHash[1])] !== undefined) select(indexOfPath[decodeURIComponent(fromHash[1])], true);
})();
`;
