'use strict';

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A new object: `base` with `override` merged in, key by key; neither input is modified. */
function deepMerge(base, override) {
  const merged = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (isPlainObject(value) && isPlainObject(base[key])) merged[key] = deepMerge(base[key], value);
    else if (Array.isArray(value)) merged[key] = [...value];
    else merged[key] = value;
  }
  return merged;
}

/** Merges the layers left to right: later layers win. */
function mergeLayers(...layers) {
  return layers.reduce((merged, layer) => deepMerge(merged, layer), {});
}

module.exports = { deepMerge, mergeLayers };
