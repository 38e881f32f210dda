package demo;

/** Run with: javac -d out src/main/java/demo/*.java src/test/java/demo/*.java && java -ea -cp out demo.BoundedStackTest */
public final class BoundedStackTest {
  public static void main(String[] args) {
    BoundedStack<String> stack = new BoundedStack<>(2);
    stack.push("a");
    stack.push("b");
    if (!stack.pop().equals("b")) throw new AssertionError("last in, first out");
    if (stack.size() != 1) throw new AssertionError("size after pop");
    System.out.println("BoundedStackTest: 2 passed, 0 failed");
  }
}
