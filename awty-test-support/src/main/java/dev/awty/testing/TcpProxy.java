package dev.awty.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy between a client and a real server that a test can cut and restore, to make the server
 * unreachable for one application without disturbing the server or anybody else using it. While cut, the
 * port refuses connections, as a stopped server's would.
 */
public final class TcpProxy implements AutoCloseable {

	private volatile String targetHost;

	private volatile int targetPort;

	private final int port;

	private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

	private final Set<Socket> frozen = ConcurrentHashMap.newKeySet();

	private volatile ServerSocket server;

	public TcpProxy(String targetHost, int targetPort) throws IOException {
		this.targetHost = targetHost;
		this.targetPort = targetPort;
		this.server = listen(0);
		this.port = this.server.getLocalPort();
		accept(this.server);
	}

	public int port() {
		return this.port;
	}

	/**
	 * Sends new connections to {@code host:port} from now on: for a server that must be told the proxy's address
	 * before it starts and picks its own port (a Kafka broker advertising the proxy).
	 */
	public void retarget(String host, int port) {
		this.targetHost = host;
		this.targetPort = port;
	}

	/** Closes every connection and stops listening. */
	public synchronized void cut() throws IOException {
		this.server.close();
		for (Socket socket : this.sockets) {
			socket.close();
		}
		this.sockets.clear();
	}

	/**
	 * Makes every open connection half-open: bytes sent either way are dropped and nobody is told, as when a
	 * firewall forgets a connection. New connections work.
	 */
	public void freeze() {
		this.frozen.addAll(this.sockets);
	}

	/** Listens again on the same port. */
	public synchronized void restore() throws IOException {
		this.server = listen(this.port);
		accept(this.server);
	}

	@Override
	public void close() throws IOException {
		cut();
	}

	private static ServerSocket listen(int port) throws IOException {
		ServerSocket socket = new ServerSocket();
		socket.setReuseAddress(true);
		socket.bind(new InetSocketAddress("127.0.0.1", port));
		return socket;
	}

	private void accept(ServerSocket listening) {
		Thread acceptor = new Thread(() -> {
			while (!listening.isClosed()) {
				try {
					Socket client = listening.accept();
					Socket upstream;
					try {
						upstream = new Socket(this.targetHost, this.targetPort);
					}
					catch (IOException ex) {
						client.close();
						continue;
					}
					if (!register(listening, client, upstream)) {
						continue;
					}
					pump(client, upstream);
					pump(upstream, client);
				}
				catch (IOException ex) {
					// closed by cut(), or the server refused: the client sees its connection end
				}
			}
		}, "tcp-proxy-" + this.port);
		acceptor.setDaemon(true);
		acceptor.start();
	}

	/**
	 * Keeps a new connection pair unless {@link #cut()} closed the port while it was being accepted: such a pair
	 * would otherwise survive the cut and carry traffic through an outage.
	 */
	private synchronized boolean register(ServerSocket listening, Socket client, Socket upstream) {
		if (listening.isClosed()) {
			close(client);
			close(upstream);
			return false;
		}
		this.sockets.add(client);
		this.sockets.add(upstream);
		return true;
	}

	private void pump(Socket from, Socket to) {
		Thread pump = new Thread(() -> {
			byte[] buffer = new byte[64 * 1024];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				for (int n; (n = in.read(buffer)) >= 0;) {
					if (!this.frozen.contains(from)) {
						out.write(buffer, 0, n);
						out.flush();
					}
				}
			}
			catch (IOException ex) {
				// one side closed; closing both ends below tells the other side
			}
			finally {
				close(from);
				close(to);
			}
		}, "tcp-proxy-pump");
		pump.setDaemon(true);
		pump.start();
	}

	private void close(Socket socket) {
		this.sockets.remove(socket);
		this.frozen.remove(socket);
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

}
