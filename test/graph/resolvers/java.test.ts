import { describe, expect, it } from 'vitest';
import { edgesFrom, graphOf, unresolvedOf } from './graph-of.js';

const main = 'src/main/java/com/shop';

describe('java resolver', () => {
  it('resolves class, nested, static and wildcard imports by declared package', async () => {
    const graph = await graphOf({
      'pom.xml': '<project/>\n',
      [`${main}/App.java`]: [
        'package com.shop;',
        'import com.shop.model.Order;',
        'import com.shop.model.Order.Line;',
        'import static com.shop.util.Strings.trim;',
        'import static com.shop.util.Strings.*;',
        'import com.shop.model.*;',
        'import com.shop.missing.Thing;',
        'public class App { Helper helper; }',
        '',
      ].join('\n'),
      [`${main}/Helper.java`]: 'package com.shop;\nclass Helper {}\n',
      [`${main}/model/Order.java`]:
        'package com.shop.model;\npublic class Order { public static class Line {} }\n',
      [`${main}/model/Customer.java`]: 'package com.shop.model;\npublic record Customer(String name) {}\n',
      [`${main}/util/Strings.java`]: 'package com.shop.util;\npublic final class Strings {}\n',
      'src/test/java/com/shop/model/OrderTest.java':
        'package com.shop.model;\nimport com.shop.util.Strings;\nclass OrderTest { Order order; }\n',
    });
    expect(edgesFrom(graph, `${main}/App.java`)).toEqual([
      `${main}/App.java:2 -> ${main}/model/Order.java`,
      `${main}/App.java:3 -> ${main}/model/Order.java`,
      `${main}/App.java:4 -> ${main}/util/Strings.java`,
      `${main}/App.java:5 -> ${main}/util/Strings.java`,
      `${main}/App.java:6 -> ${main}/model/Customer.java`,
      `${main}/App.java:6 -> ${main}/model/Order.java`,
    ]);
    expect(edgesFrom(graph, 'src/test/java/com/shop/model/OrderTest.java')).toEqual([
      `src/test/java/com/shop/model/OrderTest.java:2 -> ${main}/util/Strings.java`,
    ]);
    expect(unresolvedOf(graph)).toEqual([`${main}/App.java:7 com.shop.missing.Thing (not-found)`]);
  });

  it('maps the JDK to builtin and libraries to Maven groups', async () => {
    const graph = await graphOf({
      'src/org/apache/commons/lang3/Strings.java':
        'package org.apache.commons.lang3;\npublic class Strings {}\n',
      'App.java': [
        'import java.util.List;',
        'import java.util.concurrent.*;',
        'import javax.swing.JFrame;',
        'import javax.servlet.http.HttpServlet;',
        'import org.springframework.boot.SpringApplication;',
        'import static org.junit.jupiter.api.Assertions.assertEquals;',
        'import lombok.Data;',
        'import org.w3c.dom.Document;',
        'import org.apache.commons.text.StringEscapeUtils;',
        'class App {}',
        '',
      ].join('\n'),
    });
    expect(edgesFrom(graph, 'App.java')).toEqual([
      'App.java:1 -> builtin:java:java.util',
      'App.java:2 -> builtin:java:java.util.concurrent',
      'App.java:3 -> builtin:java:javax.swing',
      'App.java:4 -> maven:javax.servlet.http',
      'App.java:5 -> maven:org.springframework.boot',
      'App.java:6 -> maven:org.junit.jupiter',
      'App.java:7 -> maven:lombok',
      'App.java:8 -> builtin:java:org.w3c.dom',
      'App.java:9 -> maven:org.apache.commons',
    ]);
  });

  it('prefers the same build module when two modules declare the same class', async () => {
    const graph = await graphOf({
      'api/src/main/java/com/shop/Config.java': 'package com.shop;\npublic class Config {}\n',
      'api/src/main/java/com/shop/api/Server.java':
        'package com.shop.api;\nimport com.shop.Config;\nclass Server {}\n',
      'worker/src/main/java/com/shop/Config.java': 'package com.shop;\npublic class Config {}\n',
      'worker/src/main/java/com/shop/worker/Job.java':
        'package com.shop.worker;\nimport com.shop.Config;\nclass Job {}\n',
    });
    expect(edgesFrom(graph)).toEqual([
      'api/src/main/java/com/shop/api/Server.java:2 -> api/src/main/java/com/shop/Config.java',
      'worker/src/main/java/com/shop/worker/Job.java:2 -> worker/src/main/java/com/shop/Config.java',
    ]);
  });
});
