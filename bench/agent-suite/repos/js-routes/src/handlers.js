const users = [];

export const handlers = {
  listUsers: () => ({ status: 200, body: users }),
  createUser: (body) => {
    users.push(body);
    return { status: 201, body };
  },
  health: () => ({ status: 200, body: { ok: true } }),
};
