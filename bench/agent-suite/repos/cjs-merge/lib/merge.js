'use strict';

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Merges `override` into `base`, key by key, nested objects included. */
function deepMerge(base, override) {
  for (const [key, value] of Object.entries(override)) {
    if (isPlainObject(value) && isPlainObject(base[key])) deepMerge(base[key], value);
    else if (Array.isArray(value) && Array.isArray(base[key])) base[key] = base[key].concat(value);
    else base[key] = value;
  }
  return base;
}

/** Merges the layers left to right: later layers win. */
function mergeLayers(...layers) {
  return layers.reduce((merged, layer) => deepMerge(merged, layer), {});
}

module.exports = { deepMerge, mergeLayers };
