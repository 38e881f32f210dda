package demo;

/** Hidden check for java-stack-full. */
public final class HiddenStackCheck {
  public static void main(String[] args) {
    BoundedStack<Integer> stack = new BoundedStack<>(1);
    stack.push(1);
    try {
      stack.push(2);
      throw new AssertionError("push on a full stack must throw");
    } catch (IllegalStateException expected) {
      if (!"stack is full".equals(expected.getMessage()))
        throw new AssertionError("message was: " + expected.getMessage());
    }
    if (stack.size() != 1 || stack.pop() != 1) throw new AssertionError("the stack kept its element");
    try {
      stack.pop();
      throw new AssertionError("pop on an empty stack must throw");
    } catch (IllegalStateException expected) {
      // still the old behaviour
    }
    System.out.println("HiddenStackCheck: passed");
  }
}
