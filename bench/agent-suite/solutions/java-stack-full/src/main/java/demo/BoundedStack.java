package demo;

import java.util.ArrayDeque;
import java.util.Deque;

/** A last-in first-out stack that holds at most {@code capacity} elements. */
public final class BoundedStack<T> {
  private final Deque<T> items = new ArrayDeque<>();
  private final int capacity;

  public BoundedStack(int capacity) {
    if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
    this.capacity = capacity;
  }

  /** Adds {@code item} on top; a full stack throws. */
  public void push(T item) {
    if (items.size() >= capacity) throw new IllegalStateException("stack is full");
    items.push(item);
  }

  /** Removes and returns the top element. */
  public T pop() {
    if (items.isEmpty()) throw new IllegalStateException("stack is empty");
    return items.pop();
  }

  public int size() {
    return items.size();
  }
}
