// The API reference page: renders /api/openapi.json and lets a developer try each call from the browser.
(async function () {
  const main = document.getElementById('operations');
  const tokenInput = document.getElementById('token');
  const spec = await fetch('/api/openapi.json').then((r) => r.json());
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    for (const child of children) node.append(child);
    return node;
  };
  const pretty = (value) => JSON.stringify(value, null, 2);
  const groups = new Map();
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push({ path, method, op });
    }
  }
  main.replaceChildren();
  for (const [tag, ops] of groups) {
    main.append(el('h2', { textContent: tag }));
    for (const { path, method, op } of ops) main.append(renderOperation(path, method, op));
  }

  function renderOperation(path, method, op) {
    // Shared parameters (Idempotency-Key) are references into components.
    const params = (op.parameters ?? []).map((p) => (p.$ref ? spec.components.parameters[p.$ref.split('/').pop()] : p));
    const body = op.requestBody?.content?.['application/json'];
    const multipart = op.requestBody?.content?.['multipart/form-data'];
    const ok = Object.entries(op.responses).find(([code]) => code !== 'default');
    const inputs = {};
    const content = el('div', { className: 'body' });
    for (const p of params) {
      const input = el('input', { name: p.name, placeholder: p.schema?.default !== undefined ? String(p.schema.default) : '' });
      inputs[p.name] = { input, where: p.in };
      content.append(el('label', {}, `${p.name} (${p.in}${p.required ? ', required' : ''})`, input));
    }
    let textarea;
    if (body) {
      content.append(el('p', {}, 'JSON body schema:'), el('pre', { textContent: pretty(body.schema) }));
      textarea = el('textarea', { value: body.example ? pretty(body.example) : '{\n}' });
      content.append(el('label', {}, 'Body', textarea));
    }
    if (multipart) content.append(el('p', {}, 'multipart/form-data fields:'), el('pre', { textContent: pretty(multipart.schema) }));
    if (ok)
      content.append(
        el('p', {}, `Answer ${ok[0]}:`),
        el('pre', { textContent: pretty(Object.values(ok[1].content ?? {})[0]?.schema ?? ok[1].description) }),
      );
    const output = el('pre', { hidden: true });
    if (!multipart) {
      const button = el('button', { type: 'button', textContent: 'Send' });
      button.addEventListener('click', async () => {
        let url = path;
        const query = new URLSearchParams();
        for (const [name, { input, where }] of Object.entries(inputs)) {
          if (where === 'path') url = url.replace(`{${name}}`, encodeURIComponent(input.value));
          else if (where === 'query' && input.value !== '') query.set(name, input.value);
        }
        const headers = {};
        for (const [name, { input, where }] of Object.entries(inputs))
          if (where === 'header' && input.value !== '') headers[name] = input.value;
        if (tokenInput.value) headers.authorization = `Bearer ${tokenInput.value}`;
        if (textarea) headers['content-type'] = 'application/json';
        const qs = query.toString();
        try {
          const res = await fetch(`${spec.servers[0].url}${url}${qs ? `?${qs}` : ''}`, {
            method: method.toUpperCase(),
            headers,
            body: textarea ? textarea.value : undefined,
          });
          const text = await res.text();
          let shown = text;
          try {
            shown = pretty(JSON.parse(text));
          } catch {
            /* not JSON */
          }
          output.textContent = `${res.status} ${res.statusText}\n\n${shown.slice(0, 20000)}`;
        } catch (err) {
          output.textContent = String(err);
        }
        output.hidden = false;
      });
      content.append(button);
    }
    content.append(output);
    const summary = el(
      'summary',
      {},
      el('span', { className: 'method', textContent: method }),
      el('span', { className: `path${op.security ? ' lock' : ''}`, textContent: path }),
      el('span', { textContent: op.summary ?? '' }),
    );
    return el('details', {}, summary, content);
  }
})();
